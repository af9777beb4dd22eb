import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { createStorage } from '../storage/create';
import { installCluster } from './base-backup';
import { type BackupManifest, readManifest } from './manifest';
import { findDumpTools, runTool } from './postgres-tools';
import { countApplicationTables } from './repo';
import { type FileProblem, restoreStoredFiles, sha256OfFile, verifyCopiedFiles } from './stored-files';

/** A backup that does not match its manifest, or a target that is not ready: nothing was written. */
export class RestoreRefused extends Error {}

/** DATA_DIR entries a restore replaces; `backups/` stays, so a folder's own backups can be restored into it. */
const DATA_ENTRIES = ['postgres', 'postgres.password', 'postgres.url', 'app.secret', 'files', 'tmp'];

async function entriesHoldingData(dataDir: string): Promise<string[]> {
  if (!existsSync(dataDir)) return [];
  return (await readdir(dataDir)).filter((name) => name !== 'backups');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function assertNoServerRunning(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new RestoreRefused(`A server is running on ${dataDir} (PostgreSQL pid ${pid}): stop it first`);
  }
}

/** Everything in the backup checked against its manifest before anything is written. */
export async function verifyBackup(folder: string, manifest: BackupManifest): Promise<FileProblem[]> {
  const problems = await verifyCopiedFiles(path.join(folder, 'files'), manifest.files);
  if (manifest.database.method === 'pg_dump') {
    const dump = path.join(folder, manifest.database.file);
    const sha256 = existsSync(dump) ? await sha256OfFile(dump) : null;
    if (sha256 !== manifest.database.sha256) {
      problems.push({
        key: manifest.database.file,
        problem: sha256
          ? `SHA-256 ${sha256}, the manifest says ${manifest.database.sha256}`
          : 'missing from the backup',
      });
    }
  } else if (!existsSync(path.join(folder, manifest.database.folder, 'backup_label'))) {
    problems.push({
      key: manifest.database.folder,
      problem: 'the database copy is incomplete (no backup_label)',
    });
  }
  return problems;
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countApplicationTables(client);
  } finally {
    await client.end();
  }
}

async function pgRestore(
  manifest: BackupManifest,
  folder: string,
  url: string,
  clean: boolean,
): Promise<void> {
  if (manifest.database.method !== 'pg_dump') throw new Error('not a pg_dump backup');
  const major = Number.parseInt(manifest.database.serverVersion, 10);
  const tools = await findDumpTools(major);
  if (!tools)
    throw new RestoreRefused(
      `This backup needs pg_restore ${major} or newer: install PostgreSQL ${major}'s client programs`,
    );
  await runTool(
    tools.pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(clean ? ['--clean', '--if-exists'] : []),
      '--dbname',
      url,
      path.join(folder, manifest.database.file),
    ],
    url,
  );
}

export interface RestoreOptions {
  config: Config;
  backup: string;
  /** Replace what the data folder (or the database at DATABASE_URL) holds. */
  force: boolean;
  log: (line: string) => void;
}

/**
 * Restores a backup into the data folder of `config` (and the database at DATABASE_URL, when set):
 * refuses a folder or database that holds data unless forced, and a backup whose files do not match
 * their manifest.
 */
export async function restoreBackup({ config, backup, force, log }: RestoreOptions): Promise<BackupManifest> {
  const folder = path.resolve(backup);
  const manifest = await readManifest(folder);
  log(`checking ${manifest.files.length} files of the backup of ${manifest.createdAt} against its manifest`);
  const problems = await verifyBackup(folder, manifest);
  if (problems.length > 0) {
    throw new RestoreRefused(
      `The backup does not match its manifest; nothing was restored:\n${problems.map((p) => `  ${p.key}: ${p.problem}`).join('\n')}`,
    );
  }

  const { dataDir } = config;
  const held = await entriesHoldingData(dataDir);
  if (held.length > 0 && !force) {
    throw new RestoreRefused(
      `${dataDir} is not empty (${held.join(', ')}): restore into an empty data folder, or add --force to replace it`,
    );
  }
  await assertNoServerRunning(dataDir);
  if (config.DATABASE_URL) {
    if (manifest.database.method !== 'pg_dump') {
      throw new RestoreRefused(
        'This backup is a copy of an embedded database: restore it without DATABASE_URL',
      );
    }
    const tables = await tablesIn(config.DATABASE_URL);
    if (tables > 0 && !force) {
      throw new RestoreRefused(
        `The database at DATABASE_URL has ${tables} tables: give an empty one, or add --force to replace it`,
      );
    }
  }
  for (const name of DATA_ENTRIES) await rm(path.join(dataDir, name), { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });

  for (const secret of manifest.secrets) {
    await copyFile(path.join(folder, secret), path.join(dataDir, secret));
  }
  if (config.DATABASE_URL) {
    log('restoring the database with pg_restore');
    await pgRestore(manifest, folder, config.DATABASE_URL, force);
  } else {
    if (manifest.database.method === 'base_backup') {
      log('putting the database copy in place');
      await installCluster(path.join(folder, manifest.database.folder), path.join(dataDir, 'postgres'));
    }
    // The first start replays the copy's WAL (a base backup) or creates the cluster pg_restore fills.
    const server = await startEmbeddedPostgres({ dataDir, log });
    try {
      if (manifest.database.method === 'pg_dump') {
        log('restoring the database with pg_restore');
        await pgRestore(manifest, folder, server.url, false);
      }
      log(`database restored: ${await tablesIn(server.url)} tables`);
    } finally {
      await server.stop();
    }
  }

  log(`restoring ${manifest.files.length} files`);
  await restoreStoredFiles(
    await createStorage(config, path.join(config.dataDir, 'tmp')),
    path.join(folder, 'files'),
    manifest.files,
  );
  return manifest;
}
