import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './running-product';
import { until } from './waiting';

const run = promisify(execFile);
const DEBIAN = '/usr/lib/postgresql';

/**
 * The machine's own PostgreSQL server (Debian's postgresql package), for a test that needs a server
 * the product does not embed: a DATABASE_URL installation, backed up with the pg_dump beside it.
 */
export function debianPostgresBin(): string {
  const versions = existsSync(DEBIAN)
    ? readdirSync(DEBIAN)
        .filter((name) => existsSync(path.join(DEBIAN, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(`No PostgreSQL server in ${DEBIAN}: apt-get install -y postgresql`);
  }
  return path.join(DEBIAN, versions[0], 'bin');
}

export interface ExternalPostgres {
  /** A URL of the database `name` on this server. */
  url(name: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

export async function startDebianPostgres(): Promise<ExternalPostgres> {
  const bin = debianPostgresBin();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'subtitling-debian-pg-'));
  await chmod(folder, 0o755);
  const cluster = path.join(folder, 'cluster');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(folder, uid, gid);
  }
  await run(
    ...asServerUser(path.join(bin, 'initdb'), [
      '-D',
      cluster,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]),
  );
  const port = await freePort();
  const [command, args] = asServerUser(path.join(bin, 'postgres'), [
    ...['-D', cluster, '-p', String(port), '-k', folder],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
  ]);
  const server: ChildProcess = spawn(command, args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  await until(
    async () => {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      await client.end();
      return true;
    },
    30_000,
    'the Debian PostgreSQL server to accept connections',
  );
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
    },
    async stop() {
      // runuser does not pass signals on: pg_ctl stops the server as its own user.
      await run(...asServerUser(path.join(bin, 'pg_ctl'), ['-D', cluster, 'stop', '-m', 'fast']));
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
