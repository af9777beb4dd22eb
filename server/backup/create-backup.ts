import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Storage } from '../storage/storage';
import { copyRunningCluster } from './base-backup';
import { type BackupManifest, MANIFEST_FILE, writeManifest } from './manifest';
import { findDumpTools, runTool } from './postgres-tools';
import { serverVersion } from './repo';
import { copyStoredFiles, referencedKeys, sha256OfFile } from './stored-files';

export interface BackupSource {
  config: Config;
  /** The running server: DATABASE_URL, or the embedded one of the same DATA_DIR. */
  databaseUrl: string;
  db: Db;
  storage: Storage;
}

export const backupsFolder = (config: Config) => path.join(config.dataDir, 'backups');

/** 2026-11-27T04-30-00Z: sorts by time and is a valid folder name everywhere. */
const FOLDER_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;
const folderName = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

async function assertEmptyOrAbsent(folder: string): Promise<void> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new Error(`${folder} already holds files: give a new or empty folder`);
  }
}

/**
 * Backs up the database and the stored files while the service runs. The database goes first and
 * the file list is read after it, so every file a backed-up row names is in the copy (only a file
 * deleted in between can be missing; the manifest says which).
 */
export async function createBackup(
  source: BackupSource,
  target?: string,
): Promise<{ folder: string; manifest: BackupManifest }> {
  const { config, db, storage, databaseUrl } = source;
  const createdAt = new Date();
  const folder = path.resolve(target ?? path.join(backupsFolder(config), folderName(createdAt)));
  await assertEmptyOrAbsent(folder);
  // Written aside and renamed when complete: a folder with a manifest is always a whole backup.
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const server = await serverVersion(db);
    const tools = await findDumpTools(server.major);
    let database: BackupManifest['database'];
    const secrets: BackupManifest['secrets'] = [];
    if (tools) {
      const file = path.join(partial, 'database.dump');
      await runTool(tools.pgDump, ['--format=custom', '--file', file], databaseUrl);
      database = {
        method: 'pg_dump',
        file: 'database.dump',
        serverVersion: server.version,
        sha256: await sha256OfFile(file),
      };
    } else if (!config.DATABASE_URL) {
      await copyRunningCluster(
        databaseUrl,
        path.join(config.dataDir, 'postgres'),
        path.join(partial, 'postgres'),
      );
      await copyFile(path.join(config.dataDir, 'postgres.password'), path.join(partial, 'postgres.password'));
      secrets.push('postgres.password');
      database = { method: 'base_backup', folder: 'postgres', serverVersion: server.version };
    } else {
      throw new Error(
        `No pg_dump of version ${server.major} or newer on this machine (the server at DATABASE_URL runs ${server.version}): install PostgreSQL ${server.major}'s client programs`,
      );
    }
    if (!config.APP_SECRET && existsSync(path.join(config.dataDir, 'app.secret'))) {
      await copyFile(path.join(config.dataDir, 'app.secret'), path.join(partial, 'app.secret'));
      secrets.push('app.secret');
    }
    const keys = await referencedKeys(db, storage);
    const { files, missing } = await copyStoredFiles(storage, keys, path.join(partial, 'files'));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      database,
      secrets,
      files,
      missing,
    };
    await writeManifest(partial, manifest);
    await rm(folder, { recursive: true, force: true }); // empty, checked above
    await rename(partial, folder);
    return { folder, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Keeps the newest `keep` complete backups in the folder scheduled backups write to; answers those removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const complete = (await readdir(folder))
    .filter((name) => FOLDER_NAME.test(name) && existsSync(path.join(folder, name, MANIFEST_FILE)))
    .sort()
    .reverse();
  const removed = complete.slice(keep);
  for (const name of removed) await rm(path.join(folder, name), { recursive: true, force: true });
  return removed;
}
