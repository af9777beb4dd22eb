import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app/http-app';
import { openDatabase } from '../../server/db/database';
import { type EmbeddedServer, startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateToLatest } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { publishEvent, startEventHub } from '../../server/realtime/event-hub';
import { startWorker } from '../../worker/runner';
import { recordFigure } from '../support/figures';
import { ADMIN, caller, payingUser, uploadVideo } from '../support/http';
import { recordingLogger } from '../support/log-lines';
import { makeClip } from '../support/media';
import { filePart } from '../support/multipart';
import { testServices } from '../support/services';
import { sleep, until } from '../support/waiting';

/**
 * PostgreSQL restarted under a running pipeline, on a cluster this file owns (the shared one serves
 * every other test file). The app, its worker and its event listener keep their connection settings;
 * the database goes away and comes back on the same port, as a restarted server does.
 */
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-pg-restart-'));
const postgresLog = (line: string) => {
  if (process.env.TEST_LOG_LEVEL) console.error(line);
};
let postgres: EmbeddedServer = await startEmbeddedPostgres({ dataDir, log: postgresLog, ephemeral: true });
const port = Number(new URL(postgres.url).port);
const database = openDatabase(postgres.url, { max: 10 });
await migrateToLatest(database.db, database.pool);
await seed(database.db, { email: ADMIN.email, password: ADMIN.password });
const services = await testServices(database);
// The app's event listener and the worker log what the outage does to them: the test waits on those lines.
const log = recordingLogger();
const events = await startEventHub(database.url, log.logger);
const app = await buildApp(services, { serveClient: false, events });
const call = caller(app);
const worker = await startWorker(database.pool, { ...services, logger: log.logger }, 1);
const { db } = database;
afterAll(async () => {
  await worker.stop();
  await events.close();
  await database.close();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the outage makes the processes log (server/realtime/event-hub.ts, worker/cancellations.ts, worker/runner.ts). */
const LISTENER_LOST = 'event listener lost its connection';
const CANCELLATIONS_LOST = 'the cancellation listener lost its connection';
const RUN_NOT_RECORDED = 'could not record the job run';

async function startPostgresAgain() {
  postgres = await startEmbeddedPostgres({ dataDir, log: postgresLog, ephemeral: true, port });
}

async function uploadHardcode(token: string) {
  const clip = await makeClip('restart-18s-480p.mp4', { seconds: 18, width: 854, height: 480 });
  return uploadVideo(app, '/api/upload-log/hc', token, [
    await filePart('fileVideo', clip, 'restart.mp4', 'video/mp4'),
    {
      name: 'fileSub',
      filename: 'restart.srt',
      content: Buffer.from('1\n00:00:01,000 --> 00:00:16,000\nThe database restarts\n'),
    },
  ]);
}

const video = (videoId: number) =>
  db
    .selectFrom('videos')
    .select(['hardcoded_status', 'hardcoded_progress', 'hardcoded_key', 'source_key', 'company_id'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();

/** The step ended for good: completed, or failed. */
const settled = (videoId: number) =>
  until(
    async () => {
      const row = await video(videoId);
      return row.hardcoded_status === 'polling' ? undefined : row;
    },
    45_000,
    `video ${videoId} to settle`,
  );

/** After the restart: the video completed and charged once, the queue empty, the app and its push alive. */
async function expectRecovered(videoId: number, token: string) {
  const row = await settled(videoId);
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  expect(row.hardcoded_status).toBe('completed');
  expect(ledger.map((entry) => [entry.kind, Number(entry.amount_cents)])).toEqual([['charge', -10]]);
  expect(row.hardcoded_key && (await services.storage.size(row.hardcoded_key))).toBeGreaterThan(0);
  expect(await findLedgerMismatches(db)).toEqual([]);
  await until(
    async () => {
      const jobs = await sql<{ n: string }>`select count(*) as n from graphile_worker.jobs`.execute(db);
      return jobs.rows[0]?.n === '0' ? true : undefined;
    },
    10_000,
    'the queue to drain',
  );

  expect((await call('GET', '/api/health')).status).toBe(200);
  const company = await call('GET', '/api/company/my', { token });
  expect(company.body.data[0].attributes.credits).toBe(4.9);

  // The status push reconnected: an event published now reaches a subscriber.
  const abort = new AbortController();
  const heard = (async () => {
    for await (const event of events.stream(row.company_id, abort.signal)) {
      if (event.type !== 'listening') return event;
    }
  })();
  const published = setInterval(
    () => void publishEvent(db, { type: 'video', companyId: row.company_id, videoId }).catch(() => {}),
    200,
  );
  try {
    const event = await Promise.race([heard, sleep(10_000).then(() => 'nothing heard')]);
    expect(event).toEqual({ type: 'video', companyId: row.company_id, videoId });
  } finally {
    clearInterval(published);
    abort.abort();
  }
}

describe('PostgreSQL restarted while a burn-in runs', () => {
  it('a restart mid-render: the render goes on, the video completes, charged once', async () => {
    const user = await payingUser(call, 'blip');
    const videoId = await uploadHardcode(user.token);
    await until(
      async () => ((await video(videoId)).hardcoded_progress > 0 ? true : undefined),
      30_000,
      'burn-in to start',
    );
    const mark = log.mark();
    await postgres.stop();
    // Down until the app's event listener and the worker's cancellation listener have lost it.
    await until(
      async () => log.loggedSince(mark, LISTENER_LOST, CANCELLATIONS_LOST) || undefined,
      10_000,
      'the app and the worker to lose their database connections',
    );
    await startPostgresAgain();
    await expectRecovered(videoId, user.token);
    recordFigure('faults survived', 1, 'PostgreSQL restarted mid-render');
  }, 60_000);

  it('down when the render ends: the step cannot record its result, retries, completes, charged once', async () => {
    const user = await payingUser(call, 'outage');
    const videoId = await uploadHardcode(user.token);
    const { source_key: sourceKey } = await until(
      async () => {
        const row = await video(videoId);
        return row.hardcoded_progress > 0 ? row : undefined;
      },
      30_000,
      'burn-in to start',
    );
    const mark = log.mark();
    await postgres.stop();
    // The burned segment is stored, then it cannot be counted: the database is still down.
    const segments = `${path.posix.dirname(sourceKey ?? '')}/segments/`;
    await until(
      async () => ((await services.storage.list(segments)).length > 0 ? true : undefined),
      40_000,
      'the render to end',
    );
    // Down until the step has failed to count it and to record its run.
    await until(
      async () => log.loggedSince(mark, RUN_NOT_RECORDED) || undefined,
      20_000,
      'the step to fail on the database being down',
    );
    await startPostgresAgain();
    await expectRecovered(videoId, user.token);
    recordFigure('faults survived', 1, 'PostgreSQL down when a step ends');
  }, 90_000);
});
