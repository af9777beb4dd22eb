import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSubtitles } from '../server/domains/generation/generate';
import { transcriptKey } from '../server/domains/videos/transcripts';
import { jobs } from '../server/jobs/catalog';
import { enqueue } from '../server/jobs/queue';
import { VIDEO_CANCEL_TEXTS } from '../shared/schemas/video-cancellation';
import { startFakeDeepgram } from '../test/fakes/deepgram';
import { payingUser, testApp, testCaller, uploadVideo } from '../test/support/http';
import { videoLedger } from '../test/support/ledger';
import { makeSpeechClip } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { until } from '../test/support/waiting';
import { startWorker } from './runner';

/**
 * A video cancelled while its speech is being recognised stays cancelled: the step in flight ends
 * without queuing the next, or the next is dropped before it starts, so no subtitles appear on a
 * video the company stopped and was refunded for.
 */
const deepgram = await startFakeDeepgram();
const { app, call, db, pool, services } = await testApp({
  DEEPGRAM_API_KEY: 'deepgram-test-key',
  DEEPGRAM_API_BASE: deepgram.url,
});
const worker = await startWorker(pool, services, 1);
afterAll(async () => {
  await worker.stop();
  await deepgram.close();
});

/** The jobs of videos' chains still queued (notices apart). */
const videoJobs = async () =>
  (
    await db
      .selectFrom('graphile_worker.jobs' as never)
      .select(['task_identifier' as never])
      .execute()
  ).filter((job) => (job as { task_identifier: string }).task_identifier !== 'send_notice');

/** A generate upload whose speech is being recognised, held there until `transcription.release()`. */
async function uploadHeldInTranscription(token: string) {
  const transcription = deepgram.hold();
  const videoId = await uploadVideo(app, '/api/upload-log', token, [
    { name: 'title', value: 'Speech' },
    { name: 'rso', value: 'full-text' },
    { name: 'in_lan', value: 'en' },
    { name: 'out_lan', value: 'en' },
    await filePart('file', await makeSpeechClip('cancel-speech.mp4'), 'speech.mp4', 'video/mp4'),
  ]);
  await transcription.arrived;
  return { videoId, transcription };
}

/** Its status columns, once no job of a video's chain is left in the queue. */
async function settled(videoId: number) {
  await until(async () => ((await videoJobs()).length === 0 ? true : undefined), 60_000, 'no video job left');
  return db
    .selectFrom('videos')
    .select(['srt_status', 'hardcoded_status'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
}

const versionsOf = (videoId: number) =>
  db.selectFrom('subtitle_versions').select('id').where('video_id', '=', videoId).execute();

describe('cancelling a video while its speech is recognised', () => {
  it('leaves it failed, refunded once, with no subtitles and no job left', async () => {
    const user = await payingUser(call, 'cancel-generate');
    const { videoId, transcription } = await uploadHeldInTranscription(user.token);
    const cancelled = await testCaller(app, user.token).mutation('videos.cancel', { id: videoId });
    expect(cancelled.status).toBe(200);
    transcription.release();

    expect(await settled(videoId)).toEqual({ srt_status: 'failed', hardcoded_status: 'failed' });
    const video = await db
      .selectFrom('videos')
      .select(['failure_reason', 'price_cents'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video.failure_reason).toContain(VIDEO_CANCEL_TEXTS.cancelled);
    expect(await versionsOf(videoId)).toEqual([]);
    expect(await videoLedger(db, videoId)).toEqual([
      ['charge', -video.price_cents],
      ['refund', video.price_cents],
    ]);
  }, 90_000);

  it('drops a step that was queued just before the cancellation, before it starts', async () => {
    const user = await payingUser(call, 'cancel-queued-step');
    const { videoId, transcription } = await uploadHeldInTranscription(user.token);
    expect((await testCaller(app, user.token).mutation('videos.cancel', { id: videoId })).status).toBe(200);
    transcription.release();
    // A step that committed its next job just before the cancellation did: it is in the queue.
    await enqueue(db, jobs.extractAudio, { videoId });
    expect(await settled(videoId)).toEqual({ srt_status: 'failed', hardcoded_status: 'failed' });
    expect(await versionsOf(videoId)).toEqual([]);
  }, 90_000);

  it('keeps no subtitles a step in flight made after the cancellation', async () => {
    const user = await payingUser(call, 'cancel-step-in-flight');
    const { videoId, transcription } = await uploadHeldInTranscription(user.token);
    expect((await testCaller(app, user.token).mutation('videos.cancel', { id: videoId })).status).toBe(200);
    transcription.release();
    await settled(videoId);
    // The text step had passed its start check before the cancellation and now ends, words in hand.
    const { source_key } = await db
      .selectFrom('videos')
      .select('source_key')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const words = [{ start: 0.5, end: 1, text: 'Hello', confidence: 0.9 }];
    await services.storage.write(
      transcriptKey(source_key ?? ''),
      Readable.from([JSON.stringify({ words, language: 'en' })]),
    );
    await makeSubtitles(services, videoId);
    expect(await settled(videoId)).toEqual({ srt_status: 'failed', hardcoded_status: 'failed' });
    expect(await versionsOf(videoId)).toEqual([]);
  }, 90_000);
});
