import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { readManifest } from '../../server/backup/manifest';
import { referencedKeys } from '../../server/backup/stored-files';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { jobs } from '../../server/jobs/catalog';
import { enqueue } from '../../server/jobs/queue';
import { createStorage } from '../../server/storage/create';
import { databaseDigest } from '../support/db-digest';
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
import { until } from '../support/waiting';

/**
 * `npm run backup` against a running instance, `npm run restore` into a new data folder, and the
 * product started on it: every row, file, balance and ledger entry is there, and a download link
 * the first instance signed opens on the second.
 */
const folders: string[] = [];
const newFolder = async (name: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), `subtitling-backup-${name}-`));
  folders.push(folder);
  return folder;
};
const running: RunningProduct[] = [];
const databases: DatabaseHandle[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
  for (const product of running) await product.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const productEnv = (dataDir: string) => ({
  BACKUP_CRON: '0 3 * * *',
  BACKUP_KEEP: '2',
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  WHISPER_MODEL: TEST_MODEL,
  WORKER_CONCURRENCY: '1',
});

async function start(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const product = await startProduct({ ...productEnv(dataDir), ...env });
  running.push(product);
  const database = openDatabase((await readFile(path.join(dataDir, 'postgres.url'), 'utf8')).trim(), {
    max: 2,
  });
  databases.push(database);
  return { product, db: database.db, call: httpCaller(product.url) };
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

async function uploadHardcode(url: string, token: string, name: string) {
  const clip = await makeClip('backup-4s.mp4', { seconds: 4 });
  const { status, body, requestId } = await postMultipartOverHttp(url, '/api/upload-log/hc', token, [
    await filePart('fileVideo', clip, `${name}.mp4`, 'video/mp4'),
    {
      name: 'fileSub',
      filename: `${name}.srt`,
      content: Buffer.from(`1\n00:00:00,500 --> 00:00:03,500\n${name}\n`),
    },
  ]);
  expect(status, JSON.stringify(body)).toBe(200);
  return { videoId: body.data.id as number, requestId };
}

it('backs up a running instance and restores it into a new data folder the product starts on', async () => {
  const dataA = await newFolder('a');
  // Its output is not a terminal: JSON log lines, read below for the ids they carry.
  const a = await start(dataA, { LOG_LEVEL: 'info' });
  const alice = await payingUser(a.call, 'alice', 5);
  const bob = await payingUser(a.call, 'bob', 3);
  const uploads = [
    await uploadHardcode(a.product.url, alice.token, 'first'),
    await uploadHardcode(a.product.url, alice.token, 'second'),
    await uploadHardcode(a.product.url, bob.token, 'third'),
  ];
  const videos = uploads.map((upload) => upload.videoId);
  for (const id of videos) await waitForVideo(a.db, id);

  // The start-up summary, and log lines that follow one video from its upload request to its job.
  expect(a.product.output()).toMatch(
    /Subtitling is running at http:\/\/127\.0\.0\.1:\d+\n\n\s+Database:\s+embedded PostgreSQL/,
  );
  expect(a.product.output()).toContain('Backups:     at "0 3 * * *", keeping 2');
  expect(a.product.output()).toMatch(/Not configured:\n\s+payments \(Stripe\)\s+set STRIPE_SECRET_KEY/);
  const logLines = a.product
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  const [first] = uploads;
  expect(first?.requestId).toMatch(/^[0-9a-f]{12}$/);
  expect(logLines).toContainEqual(
    expect.objectContaining({ msg: 'video uploaded', requestId: first?.requestId, videoId: first?.videoId }),
  );
  expect(logLines).toContainEqual(
    expect.objectContaining({
      msg: 'job started',
      task: 'burn_in_video',
      videoId: first?.videoId,
      jobId: expect.any(String),
    }),
  );
  const before = await databaseDigest(a.db);

  // The service keeps answering while the backup runs.
  let backupDone = false;
  const answered: number[] = [];
  const probing = (async () => {
    while (!backupDone) {
      answered.push((await fetch(`${a.product.url}/api/health`)).status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const backup = await runScript('scripts/backup.ts', [], { DATA_DIR: dataA });
  backupDone = true;
  await probing;
  expect(backup.code, backup.stderr).toBe(0);
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.every((status) => status === 200)).toBe(true);

  const [backupName] = await readdir(path.join(dataA, 'backups'));
  const backupFolder = path.join(dataA, 'backups', String(backupName));
  expect(backup.stdout).toContain(backupFolder);
  const manifest = await readManifest(backupFolder);
  const keysA = await referencedKeys(
    a.db,
    await createStorage(loadConfig({ DATA_DIR: dataA }), path.join(dataA, 'tmp')),
  );
  expect(manifest.files.map((file) => file.key)).toEqual(keysA);
  expect(keysA.filter((key) => /\/hardcoded-\d+\.mp4$/.test(key))).toHaveLength(3);
  for (const file of manifest.files)
    expect(file.sha256).toBe(await sha256(path.join(dataA, 'files', file.key)));

  // What did not change while the backup ran must come back exactly; the workers' heartbeats move on.
  const after = await databaseDigest(a.db);
  const stable = Object.keys(before).filter(
    (table) =>
      table.startsWith('public.') && table !== 'public.worker_heartbeats' && before[table] === after[table],
  );
  expect(stable).toEqual(
    expect.arrayContaining([
      'public.companies',
      'public.users',
      'public.videos',
      'public.credit_ledger',
      'public.subtitle_versions',
    ]),
  );

  // A data folder that holds data is refused.
  const refused = await runScript('scripts/restore.ts', [backupFolder], { DATA_DIR: dataA });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('is not empty');
  const overRunning = await runScript('scripts/restore.ts', [backupFolder, '--force'], { DATA_DIR: dataA });
  expect(overRunning.code).toBe(1);
  expect(overRunning.stderr).toContain(`A server is running on ${dataA}`);

  // A backup whose copy of a file differs from its manifest is refused before anything is written.
  const tampered = path.join(await newFolder('tampered'), 'backup');
  await cp(backupFolder, tampered, { recursive: true });
  const victim = manifest.files.find((file) => /\/hardcoded-\d+\.mp4$/.test(file.key));
  if (!victim) throw new Error('no burned-in video in the backup');
  const victimCopy = path.join(tampered, 'files', victim.key);
  const bytes = await readFile(victimCopy);
  bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
  await writeFile(victimCopy, bytes);
  const dataC = await newFolder('c');
  const corrupt = await runScript('scripts/restore.ts', [tampered], { DATA_DIR: dataC });
  expect(corrupt.code).toBe(1);
  expect(corrupt.stderr).toContain(`${victim.key}: SHA-256`);
  expect(await readdir(dataC)).toEqual([]);

  const dataB = await newFolder('b');
  const restored = await runScript('scripts/restore.ts', [backupFolder], { DATA_DIR: dataB });
  expect(restored.code, restored.stderr).toBe(0);

  const b = await start(dataB);
  const digestB = await databaseDigest(b.db);
  for (const table of stable) expect(digestB[table], table).toBe(before[table]);
  expect(await findLedgerMismatches(b.db)).toEqual([]);
  for (const file of manifest.files) {
    expect(await sha256(path.join(dataB, 'files', file.key)), file.key).toBe(file.sha256);
  }
  expect(
    await referencedKeys(b.db, await createStorage(loadConfig({ DATA_DIR: dataB }), path.join(dataB, 'tmp'))),
  ).toEqual(keysA);

  // The restored product answers as the first did: logins, balances, and a link the first one signed.
  for (const user of [alice, bob]) {
    const login = await b.call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const onA = await a.call('GET', '/api/company/my', { token: user.token });
    const onB = await b.call('GET', '/api/company/my', { token: login.body.jwt });
    expect(onB.body.data[0].attributes.credits).toBe(onA.body.data[0].attributes.credits);
  }
  const link = await a.call('GET', `/api/download-hardcoded-url?id=${videos[0]}`, { token: alice.token });
  const signed = new URL(link.body.presignedUrl);
  const download = await fetch(`${b.product.url}${signed.pathname}`);
  expect(download.status).toBe(200);
  const videoRow = await b.db
    .selectFrom('videos')
    .select('hardcoded_key')
    .where('id', '=', Number(videos[0]))
    .executeTakeFirstOrThrow();
  expect(
    createHash('sha256')
      .update(Buffer.from(await download.arrayBuffer()))
      .digest('hex'),
  ).toBe(manifest.files.find((file) => file.key === videoRow.hardcoded_key)?.sha256);
  expect(existsSync(path.join(dataB, 'backups'))).toBe(false);

  // Once stopped, --force replaces what a data folder holds.
  await b.product.stop();
  const forced = await runScript('scripts/restore.ts', [backupFolder, '--force'], { DATA_DIR: dataB });
  expect(forced.code, forced.stderr).toBe(0);
  expect(forced.stdout).toMatch(/database restored: \d+ tables/);

  // The scheduled backup is the same backup, run by the worker, keeping the newest BACKUP_KEEP (2).
  const known = await sql<{ identifier: string }>`
    select identifier from graphile_worker._private_known_crontabs`.execute(a.db);
  expect(known.rows.map((row) => row.identifier)).toContain(jobs.backupDatabase.name);
  for (let run = 0; run < 2; run++) {
    await new Promise((resolve) => setTimeout(resolve, 1100)); // backup folders are named to the second
    await enqueue(a.db, jobs.backupDatabase, {});
    await until(
      async () => {
        const left = await sql<{ n: string }>`
          select count(*) as n from graphile_worker.jobs where task_identifier = ${jobs.backupDatabase.name}`.execute(
          a.db,
        );
        return left.rows[0]?.n === '0' ? true : undefined;
      },
      60_000,
      'the scheduled backup to run',
    );
  }
  const kept = (await readdir(path.join(dataA, 'backups'))).sort();
  expect(kept).toHaveLength(2);
  expect(kept).not.toContain(backupName);
  for (const name of kept) {
    const scheduled = await readManifest(path.join(dataA, 'backups', name));
    expect(scheduled.files.map((file) => file.key)).toEqual(keysA);
  }
}, 180_000);
