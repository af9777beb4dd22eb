import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readManifest } from '../../server/backup/manifest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { databaseDigest } from '../support/db-digest';
import { type ExternalPostgres, startDebianPostgres } from '../support/debian-postgres';
import { ADMIN, payingUser } from '../support/http';
import { makeClip, TEST_MODEL } from '../support/media';
import { filePart } from '../support/multipart';
import {
  httpCaller,
  postMultipartOverHttp,
  type RunningProduct,
  runScript,
  startProduct,
} from '../support/running-product';
import { waitForVideo } from '../support/videos';

/**
 * An installation on its own PostgreSQL (DATABASE_URL): `npm run backup` writes pg_dump's custom
 * format, and `npm run restore` brings it back into another database, or into the embedded one of a
 * new data folder. The product starts on each with every row and file it had.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const newFolder = async (name: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), `subtitling-dump-${name}-`));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
};
const env = (dataDir: string, databaseUrl?: string) => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  WHISPER_MODEL: TEST_MODEL,
  WORKER_CONCURRENCY: '1',
});
async function start(dataDir: string, databaseUrl?: string) {
  const product: RunningProduct = await startProduct(env(dataDir, databaseUrl));
  const url = databaseUrl ?? (await readFile(path.join(dataDir, 'postgres.url'), 'utf8')).trim();
  const database: DatabaseHandle = openDatabase(url, { max: 2 });
  cleanups.push(async () => {
    await database.close();
    await product.stop();
  });
  return { product, db: database.db, call: httpCaller(product.url) };
}
const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

it('backs up a DATABASE_URL installation with pg_dump and restores it into another database and into the embedded one', async () => {
  const server: ExternalPostgres = await startDebianPostgres();
  cleanups.push(() => server.stop());
  await server.createDatabase('source');
  await server.createDatabase('target');

  const dataA = await newFolder('a');
  const a = await start(dataA, server.url('source'));
  const user = await payingUser(a.call, 'dana', 5);
  const clip = await makeClip('backup-4s.mp4', { seconds: 4 });
  const upload = await postMultipartOverHttp(a.product.url, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, 'dump.mp4', 'video/mp4'),
    {
      name: 'fileSub',
      filename: 'dump.srt',
      content: Buffer.from('1\n00:00:00,500 --> 00:00:03,500\nDumped\n'),
    },
  ]);
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  await waitForVideo(a.db, upload.body.data.id);
  await a.product.stop(); // a quiet database: every table must come back exactly
  const before = await databaseDigest(a.db);

  const backupFolder = path.join(await newFolder('backups'), 'nightly');
  const backup = await runScript('scripts/backup.ts', [backupFolder], env(dataA, server.url('source')));
  expect(backup.code, backup.stderr).toBe(0);
  const manifest = await readManifest(backupFolder);
  expect(manifest.database.method).toBe('pg_dump');
  const dump = await readFile(path.join(backupFolder, 'database.dump'));
  expect(dump.subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
  expect(manifest.files.length).toBeGreaterThanOrEqual(2);

  const dataB = await newFolder('b');
  const restored = await runScript('scripts/restore.ts', [backupFolder], env(dataB, server.url('target')));
  expect(restored.code, restored.stderr).toBe(0);
  const again = await runScript(
    'scripts/restore.ts',
    [backupFolder],
    env(await newFolder('b2'), server.url('target')),
  );
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/The database at DATABASE_URL has \d+ tables/);

  const dataC = await newFolder('c');
  const embedded = await runScript('scripts/restore.ts', [backupFolder], env(dataC));
  expect(embedded.code, embedded.stderr).toBe(0);

  for (const [dataDir, databaseUrl] of [
    [dataB, server.url('target')],
    [dataC, undefined],
  ] as const) {
    const b = await start(dataDir, databaseUrl);
    const after = await databaseDigest(b.db);
    for (const table of Object.keys(before).filter((name) => name.startsWith('public.'))) {
      if (table === 'public.worker_heartbeats') continue; // the new instance's worker beats at once
      expect(after[table], `${table} in ${dataDir}`).toBe(before[table]);
    }
    expect(await findLedgerMismatches(b.db)).toEqual([]);
    for (const file of manifest.files)
      expect(await sha256(path.join(dataDir, 'files', file.key))).toBe(file.sha256);
    const login = await b.call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const company = await b.call('GET', '/api/company/my', { token: login.body.jwt });
    expect(company.body.data[0].attributes.credits).toBe(5 - 0.1);
  }
  expect(await readdir(backupFolder)).toContain('manifest.json');
}, 180_000);
