import { execFile } from 'node:child_process';
import { chmod, chown, copyFile, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startOnlineBackup, stopOnlineBackup } from './repo';

/**
 * What PostgreSQL's documentation says a base backup leaves out: the server's own run-time files and
 * the contents of folders it recreates at start. pg_wal is copied separately, after the backup ends.
 */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label']);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** Copies a folder; a file the running server removes meanwhile is simply not copied. */
async function copyTree(from: string, to: string, top = true): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED_FOLDERS.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else await copyTree(source, target, false);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

/** The WAL file a base backup starts in, from its label ("START WAL LOCATION: 0/2000028 (file 000…02)"). */
export function startWalFile(label: string): string {
  const match = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label);
  if (!match?.[1]) throw new Error('PostgreSQL returned a backup label without its start WAL file');
  return match[1];
}

/**
 * A consistent copy of a running cluster through PostgreSQL's online backup API (pg_backup_start /
 * pg_backup_stop in one session): the files are copied while the server writes, and the WAL from the
 * backup's start, replayed at the first start of the copy, makes them consistent.
 */
export async function copyRunningCluster(url: string, clusterDir: string, target: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await startOnlineBackup(client);
    let stopped: { label: string; lastWalFile: string };
    try {
      await copyTree(clusterDir, target);
    } finally {
      stopped = await stopOnlineBackup(client);
    }
    const { label, lastWalFile } = stopped;
    await writeFile(path.join(target, 'backup_label'), label);
    const firstWal = startWalFile(label);
    const walFolder = path.join(clusterDir, 'pg_wal');
    // From the backup's start to its end; later names are segments recycled ahead, not needed.
    const needed = (await readdir(walFolder)).filter(
      (name) => /^[0-9A-F]{24}$/.test(name) && name >= firstWal && name <= lastWalFile,
    );
    const gone = [firstWal, lastWalFile].find((name) => !needed.includes(name));
    if (gone) throw new Error(`WAL file ${gone} was recycled during the backup; run it again`);
    for (const name of needed) await copyFile(path.join(walFolder, name), path.join(target, 'pg_wal', name));
  } finally {
    await client.end();
  }
}

/**
 * Puts a copied cluster in place for the embedded server: PostgreSQL wants its folder private, and
 * when we run as root it runs as the `postgres` user, who must own every file.
 */
export async function installCluster(copy: string, clusterDir: string): Promise<void> {
  await copyTree(copy, clusterDir);
  // copyTree leaves out a backup label; the restored cluster needs it to replay from the right place.
  await copyFile(path.join(copy, 'backup_label'), path.join(clusterDir, 'backup_label'));
  const walCopy = path.join(copy, 'pg_wal');
  for (const name of await readdir(walCopy)) {
    await copyFile(path.join(walCopy, name), path.join(clusterDir, 'pg_wal', name));
  }
  await chmod(clusterDir, 0o700);
  if (process.getuid?.() !== 0) return;
  const run = promisify(execFile);
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  await chownTree(clusterDir, uid, gid);
}

async function chownTree(folder: string, uid: number, gid: number): Promise<void> {
  await chown(folder, uid, gid);
  for (const entry of await readdir(folder)) {
    const file = path.join(folder, entry);
    if ((await lstat(file)).isDirectory()) await chownTree(file, uid, gid);
    else await chown(file, uid, gid);
  }
}
