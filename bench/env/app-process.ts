import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { BENCH_ADMIN } from './database';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Product settings the bench decides itself, so nothing leaks in from the caller's shell. */
const PRODUCT_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'WORKER',
  'WORKER_CONCURRENCY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'APP_SECRET',
  'WHISPER_MODEL',
  'WHISPER_MODEL_NAME',
  'WHISPER_MODEL_BASE_URL',
  'DEEPGRAM_API_KEY',
  'DEEPGRAM_API_BASE',
  'GOOGLE_TRANSLATE_API_KEY',
  'GOOGLE_TRANSLATE_ENDPOINT',
  'CONDENSER_URL',
  'CONDENSER_MODEL',
  'CONDENSER_API_KEY',
  'LOG_LEVEL',
  'STORAGE',
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AppProcess {
  url: string;
  pid: number;
  /** Kernel's view of the process memory, in bytes: now (VmRSS) and the peak so far (VmHWM). */
  memory(): Promise<{ rss: number; peak: number }>;
  /** Starts the kernel's peak (VmHWM) again from the memory held now (clear_refs 5, Linux 4.0+). */
  resetPeakMemory(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  databaseUrl: string;
  dataDir: string;
  /** Runs the job worker inside the server process, as `npm start` does. */
  worker: boolean;
  env?: Record<string, string>;
  log: (line: string) => void;
  /** How long to wait for /api/health; longer when the start may build the client and server first. */
  startTimeoutMs?: number;
}

async function readMemory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the app did not answer ${url}/api/health within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The real server, started as `npm start` starts it (built bundle, client built if stale), in its
 * own process, so its memory is its own and the bench's client work does not share its event loop.
 */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PRODUCT_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    WORKER: options.worker ? 'inline' : 'off',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    METADATA_SERVER_DETECTION: 'none',
    ...options.env,
  });
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the app process');
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.log(`  app: ${line}`);
  };
  child.stderr?.on('data', forward);
  child.stdout?.on('data', (chunk: Buffer) => {
    // The start-up banner is noise; warnings and errors come as JSON lines.
    if (chunk.toString('utf8').includes('"level"')) forward(chunk);
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      options.log(`  app: the server process exited on its own (code ${code}, signal ${signal})`);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, child, options.startTimeoutMs);
  } catch (error) {
    stopping = true;
    await stopChild(child);
    throw error;
  }
  return {
    url,
    pid,
    memory: () => readMemory(pid),
    resetPeakMemory: () => writeFile(`/proc/${pid}/clear_refs`, '5'),
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}
