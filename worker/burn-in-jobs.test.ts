import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { planBurnIn } from '../server/domains/burn-in/burn-in';
import { joinBurnedSegments } from '../server/domains/burn-in/burn-join';
import { burnSegment } from '../server/domains/burn-in/burn-segment';
import { segmentsFolder } from '../server/domains/burn-in/burned-segments';
import { payingUser, postMultipart, testApp, uploadVideo } from '../test/support/http';
import { makeClip, probeJson } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { waitForVideo } from '../test/support/videos';
import { until } from '../test/support/waiting';
import { startWorker, type WorkerHandle } from './runner';

/**
 * Burn-in by segments as jobs (issue 26): each segment its own job on any worker, a join that
 * completes the video, a revision that burns only what changed, and a burn superseded by a
 * revision that can no longer deliver.
 */
const { app, call, db, pool, services } = await testApp();
// 140 s at 25 fps: three segments of the plan (45 s, 45 s, and the rest).
const SECONDS = 140;
const clip = await makeClip('segjobs-140s.mp4', { seconds: SECONDS, width: 320, height: 180 });
const cues = (middle: string) =>
  `1\n00:00:05,000 --> 00:00:08,000\nAt the start\n\n2\n00:01:10,000 --> 00:01:13,000\n${middle}\n\n3\n00:02:00,000 --> 00:02:03,000\nAt the end\n`;

const workers: WorkerHandle[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

async function uploadClip(name: string) {
  const user = await payingUser(call, name);
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, 'segments.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'segments.srt', content: Buffer.from(cues('In the middle')) },
  ]);
  return { user, videoId };
}

async function revise(token: string, videoId: number, middle: string) {
  const response = await postMultipart(app, '/api/upload-srt', token, [
    { name: 'id', value: String(videoId) },
    { name: 'file', filename: 'edited.srt', content: Buffer.from(cues(middle)) },
  ]);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const videoRow = (videoId: number) =>
  db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();

const burnsOf = (videoId: number) =>
  db.selectFrom('burn_ins').select('id').where('video_id', '=', videoId).orderBy('id').execute();

async function storedSegments(videoId: number) {
  const { source_key } = await videoRow(videoId);
  return (await services.storage.list(segmentsFolder(source_key ?? ''))).sort();
}

/** The delivered MP4 plays, as long as the source. */
async function expectPlayableOutput(videoId: number) {
  const { hardcoded_key } = await videoRow(videoId);
  expect(hardcoded_key).toMatch(/\/hardcoded-\d+\.mp4$/);
  const probe = await services.storage.withLocalFile(hardcoded_key ?? '', (file) => probeJson(file));
  expect(Math.abs(Number(probe.format.duration) - SECONDS)).toBeLessThanOrEqual(0.2);
  expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
}

async function ledgerOf(videoId: number) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}

/** Runs a burn's segment jobs and its join by hand, as workers would, in order. */
async function runBurn(videoId: number, burnInId: number) {
  const segments = await db
    .selectFrom('burn_in_segments')
    .select(['index', 'done'])
    .where('burn_in_id', '=', burnInId)
    .orderBy('index')
    .execute();
  for (const segment of segments.filter((row) => !row.done))
    await burnSegment(services, { videoId, burnInId, index: segment.index });
  await joinBurnedSegments(services, { videoId, burnInId });
}

describe('a burn superseded by a revision', () => {
  it('never completes the video with the old subtitles, nor removes what the video delivered', async () => {
    const { user, videoId } = await uploadClip('superseded');
    // No worker here: the queue's jobs are run by hand, in the order a race would run them.
    await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(db);
    await planBurnIn(services, videoId);
    const [first] = await burnsOf(videoId);
    await runBurn(videoId, first?.id ?? 0);
    const delivered = await videoRow(videoId);
    expect(delivered.hardcoded_status).toBe('completed');
    expect(await storedSegments(videoId)).toHaveLength(3);

    await revise(user.token, videoId, 'Edited in the middle');
    // The first burn's join and a segment job, late (a retry after their worker died): they change nothing.
    await joinBurnedSegments(services, { videoId, burnInId: first?.id ?? 0 });
    await burnSegment(services, { videoId, burnInId: first?.id ?? 0, index: 1 });
    const waiting = await videoRow(videoId);
    expect(waiting).toMatchObject({ hardcoded_status: 'polling', hardcoded_key: delivered.hardcoded_key });
    expect(await services.storage.size(delivered.hardcoded_key ?? '')).not.toBeNull();
    expect(await storedSegments(videoId)).toHaveLength(3);

    // The revision's burn reuses the two segments it did not change and burns the middle one.
    await planBurnIn(services, videoId);
    const second = (await burnsOf(videoId)).at(-1);
    const planned = await db
      .selectFrom('burn_in_segments')
      .select(['index', 'done'])
      .where('burn_in_id', '=', second?.id ?? 0)
      .orderBy('index')
      .execute();
    expect(planned).toEqual([
      { index: 0, done: true },
      { index: 1, done: false },
      { index: 2, done: true },
    ]);
    await runBurn(videoId, second?.id ?? 0);
    const revised = await videoRow(videoId);
    expect(revised).toMatchObject({ hardcoded_status: 'completed', hardcoded_progress: 100, revisions: 1 });
    expect(revised.hardcoded_key).not.toBe(delivered.hardcoded_key);
    expect(await services.storage.size(delivered.hardcoded_key ?? '')).toBeNull();
    expect(await burnsOf(videoId)).toEqual([{ id: second?.id }]);
    expect(await storedSegments(videoId)).toHaveLength(3);
    await expectPlayableOutput(videoId);

    // The superseded burn is gone: its late jobs find nothing to do.
    await burnSegment(services, { videoId, burnInId: first?.id ?? 0, index: 1 });
    await joinBurnedSegments(services, { videoId, burnInId: first?.id ?? 0 });
    expect((await videoRow(videoId)).hardcoded_key).toBe(revised.hardcoded_key);
    expect(await ledgerOf(videoId)).toEqual([['charge', -delivered.price_cents]]);
  }, 180_000);
});

describe('a short video', () => {
  it('is cut into one segment for each job a worker runs at once, so none of its slots idles', async () => {
    expect(services.config.WORKER_CONCURRENCY).toBe(2);
    const short = await makeClip('segjobs-40s.mp4', { seconds: 40, width: 320, height: 180 });
    const user = await payingUser(call, 'short');
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', short, 'short.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'short.srt', content: Buffer.from(cues('In the middle')) },
    ]);
    await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(db);
    await planBurnIn(services, videoId);
    const [burn] = await burnsOf(videoId);
    const segments = await db
      .selectFrom('burn_in_segments')
      .select(['start_frame', 'frames'])
      .where('burn_in_id', '=', burn?.id ?? 0)
      .orderBy('index')
      .execute();
    // 40 s at 25 fps: two halves, where the plan's 45-second segments would make one.
    expect(segments.map((segment) => [segment.start_frame, segment.frames])).toEqual([
      [0, 500],
      [500, null],
    ]);
    const queued = await sql<{ task_identifier: string }>`
      select task_identifier from graphile_worker.jobs order by id`.execute(db);
    expect(queued.rows.map((row) => row.task_identifier)).toEqual(['burn_segment', 'burn_segment']);
    // Left unburned: the next test's workers must find an empty queue.
    await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(db);
  }, 60_000);
});

/**
 * A job's run is recorded once its handler returned, just after the video it completed, and before
 * the job leaves the queue: waits for the queue to hold nothing due (no job can run any more), then
 * counts the runs.
 */
async function settledRuns(runsOf: (task: string) => Promise<number>, segments: number, joins: number) {
  await until(
    async () => {
      const { rows } = await sql<{ due: string }>`
        select count(*) as due from graphile_worker.jobs where run_at <= now()`.execute(db);
      return Number(rows[0]?.due) === 0 ? true : undefined;
    },
    10_000,
    'the queue to hold no job due',
  );
  expect(await runsOf('burn_segment')).toBe(segments);
  expect(await runsOf('join_burned_segments')).toBe(joins);
}

describe('two workers', () => {
  it('burn the segments of one video as jobs of their own; a revision burns only the changed one', async () => {
    workers.push(await startWorker(pool, services, 1), await startWorker(pool, services, 1));
    const { user, videoId } = await uploadClip('two-workers');
    const runsOf = async (task: string) =>
      Number(
        (
          await db
            .selectFrom('job_runs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('video_id', '=', videoId)
            .where('task', '=', task)
            .where('outcome', '=', 'completed')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed', 120_000);
    await settledRuns(runsOf, 3, 1);
    await expectPlayableOutput(videoId);
    const before = await storedSegments(videoId);
    expect(before).toHaveLength(3);

    await revise(user.token, videoId, 'Changed in the middle');
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed', 120_000);
    await settledRuns(runsOf, 4, 2);
    const after = await storedSegments(videoId);
    expect(after.filter((key) => before.includes(key)).map((key) => path.basename(key)[0])).toEqual([
      '0',
      '2',
    ]);
    await expectPlayableOutput(videoId);
    const { price_cents } = await videoRow(videoId);
    expect(await ledgerOf(videoId)).toEqual([['charge', -price_cents]]);
  }, 240_000);
});
