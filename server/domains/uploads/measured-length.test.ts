import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, testApp, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, media } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { waitForVideo } from '../../../test/support/videos';

/**
 * Hole 4 of the security review (issue 35, point 4): a header that lies about the length. The price,
 * the 30-minute limit and what is burned go by the media the file holds, measured from its packets.
 */
const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const user = await payingUser(call, 'lengths', 20);
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nMeasured, not claimed\n';
const files: Record<string, string> = {};

/** Writes the Matroska Segment `Duration` (ID 0x4489, an 8-byte float of milliseconds) as `ms`. */
async function patchMatroskaDuration(file: string, target: string, ms: number) {
  const bytes = await readFile(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  expect(at).toBeGreaterThan(0);
  bytes.writeDoubleBE(ms, at + 3);
  await writeFile(target, bytes);
}

beforeAll(async () => {
  // 40 minutes cheaply: one minute at 64×36 and 1 fps with silent Opus, repeated by stream copy.
  const minute = path.join(CLIPS_DIR, 'lengths-minute.mkv');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=s=64x36:r=1:d=60'],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-c:a', 'libopus', '-b:a', '6k', minute],
  ]);
  const forty = path.join(CLIPS_DIR, 'lengths-40min.mkv');
  await run(media.ffmpeg, ['-v', 'error', '-y', '-stream_loop', '39', '-i', minute, '-c', 'copy', forty]);
  files.patchedMkv = path.join(CLIPS_DIR, 'lengths-40min-says-1s.mkv');
  await patchMatroskaDuration(forty, files.patchedMkv, 1000);

  // Three minutes with its index first, then only the first 30% of the file: the index still says 3 min.
  const whole = path.join(CLIPS_DIR, 'lengths-3min-faststart.mp4');
  await run(media.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=s=64x36:r=5:d=180'],
    ...['-f', 'lavfi', '-i', 'sine=d=180:sample_rate=8000'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '16k'],
    ...['-movflags', '+faststart', whole],
  ]);
  const bytes = await readFile(whole);
  files.cutMp4 = path.join(CLIPS_DIR, 'lengths-3min-cut-at-30pc.mp4');
  await writeFile(files.cutMp4, bytes.subarray(0, Math.floor(bytes.length * 0.3)));
});

/** The end of the last packet the file really holds (what ffprobe reads to the end). */
async function packetSeconds(file: string): Promise<number> {
  const { stdout } = await run(
    media.ffprobe,
    ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return Math.max(
    ...stdout
      .trim()
      .split('\n')
      .map((line) =>
        line
          .split(',')
          .map(Number)
          .reduce((a, b) => a + b),
      ),
  );
}

async function headerSeconds(file: string): Promise<number> {
  const { stdout } = await run(media.ffprobe, [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

describe('the length of an upload', () => {
  it('refuses a 40-minute MKV whose header says 1 second, charging nothing', async () => {
    expect(await headerSeconds(files.patchedMkv ?? '')).toBe(1);
    const before = await balanceCents(db, user.companyId ?? 0);
    const refused = await postMultipart(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.patchedMkv ?? '', 'short.mkv', 'video/x-matroska'),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(UPLOAD_MESSAGES.tooLong.slice(2));
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
    const videos = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', user.companyId ?? 0)
      .execute();
    expect(videos).toEqual([]);
  });

  it('charges a cut-short MP4 for the media it holds, not its index, and delivers that much', async () => {
    expect(await headerSeconds(files.cutMp4 ?? '')).toBe(180);
    const measured = await packetSeconds(files.cutMp4 ?? '');
    expect(measured).toBeGreaterThan(30);
    expect(measured).toBeLessThan(60);
    const before = await balanceCents(db, user.companyId ?? 0);
    const videoId = await uploadVideo(app, '/api/videos/upload/hc', user.token, [
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
      await filePart('fileVideo', files.cutMp4 ?? '', 'cut.mp4', 'video/mp4'),
    ]);
    const row = await db
      .selectFrom('videos')
      .select(['duration_seconds', 'price_cents'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row.duration_seconds).toBe(Math.floor(measured));
    // One started minute at the default €0.10 a minute, not the three the index claims.
    expect(Number(row.price_cents)).toBe(10);
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before - 10);

    await runQueuedJobs(pool, services);
    const done = await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    const output = await services.storage.withLocalFile(done.hardcoded_key ?? '', async (file) => file);
    expect(await headerSeconds(output)).toBeLessThanOrEqual(row.duration_seconds + 1);
  });
});
