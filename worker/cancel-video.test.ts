import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { VIDEO_CANCEL_TEXTS } from '../shared/schemas/video-cancellation';
import { payingUser, testApp, testCaller, uploadVideo } from '../test/support/http';
import { videoLedger } from '../test/support/ledger';
import { makeClip } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { until } from '../test/support/waiting';
import { startWorker } from './runner';

/**
 * Hole 5 of the security review: a video stuck in processing could not be stopped nor deleted. Its
 * company cancels it: the worker kills its ffmpeg, its jobs leave the queue, it fails refunded once,
 * and it can be deleted. Another company cannot cancel it.
 */
const STUCK_FFMPEG = path.resolve('test/fakes/stuck-ffmpeg.sh');
const log = path.join(await mkdtemp(path.join(os.tmpdir(), 'subtitling-cancel-')), 'runs.log');
process.env.STUCK_FFMPEG_LOG = log;
const { app, call, db, pool, services } = await testApp();
services.media = { ...services.media, ffmpeg: STUCK_FFMPEG };
const worker = await startWorker(pool, services, 1);
afterAll(() => worker.stop());

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const videoRow = (videoId: number) =>
  db
    .selectFrom('videos')
    .select(['hardcoded_status', 'failure_reason', 'price_cents', 'deleted_at'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();

/** Every job of the video still in the queue, waiting or running. */
const jobsOf = async (videoId: number) =>
  (
    await sql<{ id: string }>`select id from graphile_worker._private_jobs
      where payload->>'videoId' = ${String(videoId)}`.execute(db)
  ).rows;

describe('cancelling a video stuck in processing', () => {
  it('stops its ffmpeg, fails it refunded once, and lets its company delete it; nobody else can', async () => {
    const owner = await payingUser(call, 'cancel-owner');
    const stranger = await payingUser(call, 'cancel-stranger');
    const clip = await makeClip('cancel-2s.mp4', { seconds: 2 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, [
      await filePart('fileVideo', clip, 'stuck.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'stuck.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nStuck\n' },
    ]);
    const pids = await until(
      async () => {
        const found = (await readFile(log, 'utf8').catch(() => '')).split(/\s+/).filter(Boolean).map(Number);
        return found.length >= 2 ? found : undefined;
      },
      60_000,
      'the burn-in ffmpeg to start',
    );
    const ownerApi = testCaller(app, owner.token);
    const strangerApi = testCaller(app, stranger.token);

    const refused = await strangerApi.mutation('videos.cancel', { id: videoId });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused)).not.toContain('stuck');
    expect((await videoRow(videoId)).hardcoded_status).toBe('polling');
    for (const pid of pids) expect(isRunning(pid)).toBe(true);
    // Deleting is still refused while it runs.
    expect((await ownerApi.mutation('videos.delete', { id: videoId })).status).toBe(409);

    const cancelled = await ownerApi.mutation('videos.cancel', { id: videoId });
    expect(cancelled.status).toBe(200);
    const video = await videoRow(videoId);
    expect(video.hardcoded_status).toBe('failed');
    expect(video.failure_reason).toBe(`${VIDEO_CANCEL_TEXTS.cancelled} Your €0.10 was refunded.`);
    await until(
      async () => (pids.every((pid) => !isRunning(pid)) ? true : undefined),
      15_000,
      'the stuck ffmpeg to be killed',
    );
    await until(
      async () => ((await jobsOf(videoId)).length === 0 ? true : undefined),
      15_000,
      'no jobs left',
    );
    expect(await videoLedger(db, videoId)).toEqual([
      ['charge', -video.price_cents],
      ['refund', video.price_cents],
    ]);

    const again = await ownerApi.mutation('videos.cancel', { id: videoId });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(VIDEO_CANCEL_TEXTS.notProcessing);
    expect((await ownerApi.mutation('videos.delete', { id: videoId })).status).toBe(200);
    expect((await videoRow(videoId)).deleted_at).not.toBeNull();
  }, 90_000);
});
