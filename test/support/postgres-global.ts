import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateToLatest } from '../../server/db/migrate';

export const TEMPLATE_DATABASE = 'app_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded one in a temporary
 * folder), migrated once into a template database that each test file copies.
 */
export default async function setup(project: TestProject) {
  // Every temporary file of the run, the tests' own and the product's, goes into one folder removed at
  // the end (test files inherit TMPDIR): what a late writer leaves after a file's own cleanup goes too.
  const runTmpDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-test-run-'));
  await chmod(runTmpDir, 0o1777); // as /tmp: the embedded PostgreSQL servers run as their own user
  process.env.TMPDIR = runTmpDir;
  let dataDir: string | undefined;
  let stopServer = async () => {};
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-test-'));
    const server = await startEmbeddedPostgres({
      dataDir,
      log: (line) => console.error(line),
      ephemeral: true,
    });
    url = server.url;
    stopServer = server.stop;
  }

  const admin = openDatabase(url, { max: 1 });
  await admin.pool.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.pool.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = openDatabase(withDatabase(url, TEMPLATE_DATABASE), { max: 2 });
  await migrateToLatest(template.db, template.pool);
  await template.close();
  await admin.close();

  project.provide('postgresUrl', url);
  return async () => {
    await stopServer();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await rm(runTmpDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
