import { stat } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { planBurnIn } from '../server/domains/burn-in/burn-in';
import { joinBurnedSegments } from '../server/domains/burn-in/burn-join';
import { burnSegment } from '../server/domains/burn-in/burn-segment';
import { segmentsFolder } from '../server/domains/burn-in/burned-segments';
import { joinedAudioKey } from '../server/domains/burn-in/joined-audio';
import { startS3ReadCounter } from '../test/fakes/s3-read-counter';
import { payingUser, postMultipart, testApp, uploadVideo } from '../test/support/http';
import { audioPackets, makeClip, probeJson } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { startS3Server } from '../test/support/s3-server';

/**
 * With STORAGE=s3 a segment job reads its stretch of the source from the store, not the whole file:
 * the app reaches s3rver through a proxy that counts the bytes each GET of the source carried.
 */
const s3 = await startS3Server();
const counter = await startS3ReadCounter(s3.env.S3_ENDPOINT ?? '', s3.bucket);
const { app, call, db, services } = await testApp({ ...s3.env, S3_ENDPOINT: counter.url });
// Six minutes at 25 fps: eight segments of the plan (45 s each, the last with the rest).
const SECONDS = 360;
const clip = await makeClip('segment-reads-360s.mp4', { seconds: SECONDS, width: 640, height: 360 });
const SRT =
  '1\n00:00:05,000 --> 00:00:08,000\nAt the start\n\n2\n00:01:10,000 --> 00:01:13,000\nIn the middle\n\n3\n00:02:00,000 --> 00:02:03,000\nAt the end\n';

/**
 * Plans the burn of the video's latest subtitles and answers it with the segments it has to burn.
 * No worker runs here: the queue is cleared and each job run by hand, so its reads are counted alone.
 */
async function plan(videoId: number) {
  await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(db);
  await planBurnIn(services, videoId);
  const burn = await db
    .selectFrom('burn_ins')
    .select('id')
    .where('video_id', '=', videoId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const toBurn = await db
    .selectFrom('burn_in_segments')
    .select('index')
    .where('burn_in_id', '=', burn.id)
    .where('done', '=', false)
    .execute();
  return { burnInId: burn.id, toBurn: toBurn.map((segment) => segment.index) };
}

/** A hardcode upload whose burn is planned, its jobs left to the test to run by hand. */
async function uploadAndPlan(name: string) {
  const user = await payingUser(call, name);
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, `${name}.mp4`, 'video/mp4'),
    { name: 'fileSub', filename: `${name}.srt`, content: Buffer.from(SRT) },
  ]);
  const { burnInId } = await plan(videoId);
  const video = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
  return { user, videoId, sourceKey: video.source_key ?? '', burnInId };
}

/** The burned video of a completed burn, as a local file for `use`. */
async function withBurnedVideo<T>(videoId: number, use: (file: string) => Promise<T>): Promise<T> {
  const done = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
  expect(done.hardcoded_status).toBe('completed');
  return services.storage.withLocalFile(done.hardcoded_key ?? '', use);
}

describe('segment jobs on S3', () => {
  it('each read their stretch of the source and its index, the join the source once; the video is whole', async () => {
    const { user, videoId, sourceKey, burnInId } = await uploadAndPlan('segment-reads');
    const sourceBytes = (await stat(clip)).size;

    const reads = [];
    for (const index of [0, 1, 2, 3, 4, 5, 6, 7]) {
      counter.reset();
      await burnSegment(services, { videoId, burnInId, index });
      reads.push(counter.bytesRead(sourceKey));
    }
    counter.reset();
    await joinBurnedSegments(services, { videoId, burnInId });
    const joinRead = counter.bytesRead(sourceKey);
    console.log(`source ${sourceBytes} bytes; segment jobs read ${reads.join(', ')}; the join ${joinRead}`);

    // A segment is an eighth of the source (10.5 MB); each request the store answered also sent
    // ahead what the sockets buffered (a few MB) before ffmpeg moved on. A whole copy per job read 8×.
    for (const read of reads) {
      expect(read).toBeGreaterThan(sourceBytes / 8);
      expect(read).toBeLessThan(sourceBytes * 0.4);
    }
    expect(reads.reduce((sum, read) => sum + read, 0)).toBeLessThan(sourceBytes * 3);
    // The join copies the source's audio whole: it streams the source once, into no local copy.
    expect(joinRead).toBeGreaterThanOrEqual(sourceBytes * 0.9);
    expect(joinRead).toBeLessThan(sourceBytes * 1.2);
    const probe = await withBurnedVideo(videoId, (file) => probeJson(file));
    expect(Math.abs(Number(probe.format.duration) - SECONDS)).toBeLessThanOrEqual(0.2);
    expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    // The audio is the source's, packet for packet (copied, never re-encoded).
    const sourceAudio = await audioPackets(clip);
    expect(await withBurnedVideo(videoId, audioPackets)).toEqual(sourceAudio);

    // A revision of the first cue: one segment burned again, joined with the audio the first join
    // kept beside the source, not the source's (which a link would read whole again).
    const edited = await postMultipart(app, '/api/upload-srt', user.token, [
      { name: 'id', value: String(videoId) },
      { name: 'file', filename: 'edited.srt', content: Buffer.from(SRT.replace('At the start', 'Edited')) },
    ]);
    expect(edited.status).toBe(200);
    const revision = await plan(videoId);
    expect(revision.toBurn).toEqual([0]);
    await burnSegment(services, { videoId, burnInId: revision.burnInId, index: 0 });
    counter.reset();
    await joinBurnedSegments(services, { videoId, burnInId: revision.burnInId });
    expect(counter.bytesRead(sourceKey)).toBe(0);
    expect(counter.bytesRead(joinedAudioKey(sourceKey))).toBeGreaterThan(0);
    expect(counter.bytesRead(joinedAudioKey(sourceKey))).toBeLessThan(sourceBytes * 0.1);
    expect(await withBurnedVideo(videoId, audioPackets)).toEqual(sourceAudio);
  }, 180_000);

  it('fail their attempt when the store goes down mid-read, store nothing, and succeed on the retry', async () => {
    const { videoId, sourceKey, burnInId } = await uploadAndPlan('segment-outage');
    const segmentDone = () =>
      db
        .selectFrom('burn_in_segments')
        .select('done')
        .where('burn_in_id', '=', burnInId)
        .where('index', '=', 3)
        .executeTakeFirstOrThrow();
    // Armed before the job starts: the store goes down once ffmpeg, past the index, has 2 MB of
    // the segment's stretch (a tenth of its 10.5 MB) in hand, however fast it reads.
    const outage = counter.stopWithinStretch(sourceKey, 2 * 1024 * 1024);
    const outcome = burnSegment(services, { videoId, burnInId, index: 3 }).then(
      () => 'stored',
      (error: Error) => error.message,
    );
    await outage;
    // ffmpeg tries to reconnect for a few seconds, then the attempt fails (Graphile runs it again).
    expect(await outcome).toMatch(/ffmpeg exited with 1/);
    await counter.start();
    expect(await services.storage.list(segmentsFolder(sourceKey))).toEqual([]);
    expect((await segmentDone()).done).toBe(false);

    await burnSegment(services, { videoId, burnInId, index: 3 });
    expect(await services.storage.list(segmentsFolder(sourceKey))).toHaveLength(1);
    expect((await segmentDone()).done).toBe(true);
  }, 120_000);
});
