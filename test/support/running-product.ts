import { type ChildProcess, execFile, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { caller } from './http';
import { multipartBody, type Part } from './multipart';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = ['--import', 'tsx'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface RunningProduct {
  url: string;
  /** The server's process id. */
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Ctrl-C: requests and jobs finish, then PostgreSQL stops. */
  stop(): Promise<void>;
  /** kill -9 of the server process alone, as a crash or an out-of-memory kill would end it. */
  kill(): Promise<void>;
}

/** The product as `npm start` runs it (server/main.ts, its worker inline), in its own process and data folder. */
export async function startProduct(env: NodeJS.ProcessEnv): Promise<RunningProduct> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...TSX, 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('is running at')) {
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 100)),
    ]);
    if (code !== 'waiting') throw new Error(`the product exited (${code}) before it ran:\n${output}`);
    if (Date.now() - started > 60_000) throw new Error(`the product did not start within 60 s:\n${output}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** One of the repository's TypeScript scripts (`npm run backup` and the like), run to its end. */
export async function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...TSX, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** `caller` of test/support/http.ts over real HTTP, for the helpers that sign users up and pay. */
export function httpCaller(baseUrl: string): ReturnType<typeof caller> {
  const call = async (
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, response };
  };
  return call as unknown as ReturnType<typeof caller>;
}

/** A multipart upload over real HTTP; answers the status and the JSON body. */
export async function postMultipartOverHttp(baseUrl: string, url: string, token: string, parts: Part[]) {
  const { body, contentType } = multipartBody(parts);
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: new Uint8Array(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    requestId: response.headers.get('x-request-id'),
  };
}
