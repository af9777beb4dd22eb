import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { peaksKey } from '../server/domains/editor/service';
import { STORAGE_UNAVAILABLE } from '../server/domains/uploads/accept-upload';
import { payingUser, postMultipart, testApp, testCaller, uploadVideo } from '../test/support/http';
import { CLIPS_DIR, makeClip, probeJson } from '../test/support/media';
import { filePart, type Part } from '../test/support/multipart';
import { startS3Server } from '../test/support/s3-server';
import { downloadByLink, waitForVideo } from '../test/support/videos';
import { until } from '../test/support/waiting';
import { startWorker } from './runner';

const s3 = await startS3Server();
const { app, call, db, pool, databaseUrl, services } = await testApp(s3.env);

const SRT = '1\n00:00:00,500 --> 00:00:03,000\nStored in a bucket\n';

async function hardcodeParts(clip: string): Promise<Part[]> {
  return [
    await filePart('fileVideo', clip, 'bucket.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'bucket.srt', content: Buffer.from(SRT) },
  ];
}

async function chargesOf(videoId: number) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .execute();
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}

const credits = async (token: string) =>
  (await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits as number;

/** The downloaded hardcoded video is whole: it decodes and lasts as long as its source. */
async function expectWholeDownload(videoId: number, token: string, seconds: number) {
  const link = await call('GET', `/api/download-hardcoded-url?id=${videoId}`, { token });
  const download = await downloadByLink(app, link.body.presignedUrl);
  expect(download.redirectedTo).toContain(s3.env.S3_ENDPOINT);
  expect(download.status).toBe(200);
  const file = path.join(CLIPS_DIR, `s3-download-${videoId}.mp4`);
  await writeFile(file, download.body);
  expect(Math.abs(Number((await probeJson(file)).format.duration) - seconds)).toBeLessThanOrEqual(0.2);
}

describe('a worker on another machine', () => {
  it('completes a video with only DATABASE_URL and the S3 settings: no shared data folder', async () => {
    const user = await payingUser(call, 'remote');
    const clip = await makeClip('s3-remote-4s.mp4', { seconds: 4, width: 640, height: 360 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, await hardcodeParts(clip));

    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'subtitling-remote-worker-'));
    const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        ...s3.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: elsewhere,
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      const video = await waitForVideo(db, videoId, (row) => row.hardcoded_status === 'completed', 90_000);
      expect(await services.storage.size(video.hardcoded_key ?? '')).toBeGreaterThan(0);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    // Neither machine kept a video file on its own disk: everything is in the bucket.
    expect(existsSync(path.join(services.config.dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(elsewhere, 'files'))).toBe(false);
    await rm(elsewhere, { recursive: true, force: true });
    await expectWholeDownload(videoId, user.token, 4);
    expect(await chargesOf(videoId)).toEqual([['charge', -10]]);
  }, 120_000);
});

describe('the S3 server going down', () => {
  it('during an upload: refused with a clear message, nothing charged, nothing kept; the next try works', async () => {
    const user = await payingUser(call, 'store-down');
    const clip = await makeClip('s3-down-4s.mp4', { seconds: 4, width: 320, height: 180 });
    await s3.stop();
    try {
      const refused = await postMultipart(app, '/api/upload-log/hc', user.token, await hardcodeParts(clip));
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toBe(STORAGE_UNAVAILABLE);
    } finally {
      await s3.start();
    }
    expect(await credits(user.token)).toBe(5);
    const videos = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', user.companyId)
      .execute();
    expect(videos).toEqual([]);
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, await hardcodeParts(clip));
    expect(await credits(user.token)).toBe(4.9);
    expect(await chargesOf(videoId)).toEqual([['charge', -10]]);
  });

  it('while a burn-in renders: the step cannot store its output, retries, completes whole, charged once', async () => {
    const user = await payingUser(call, 'store-blip');
    const clip = await makeClip('s3-blip-20s.mp4', { seconds: 20, width: 1280, height: 720 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, await hardcodeParts(clip));
    const worker = await startWorker(pool, services, 1);
    try {
      await waitForVideo(db, videoId, (row) => row.hardcoded_progress > 0, 60_000);
      await s3.stop();
      // The render goes on from its local copy; storing its output fails, and the attempt with it.
      const failedAttempt = await until(
        async () => {
          const jobs = await sql<{ last_error: string | null }>`
            select last_error from graphile_worker.jobs where task_identifier = 'burn_segment'`.execute(db);
          return jobs.rows[0]?.last_error ?? undefined;
        },
        60_000,
        'the burn-in attempt to fail',
      );
      expect(failedAttempt).toBeTruthy();
      expect(
        (
          await db
            .selectFrom('videos')
            .select('hardcoded_status')
            .where('id', '=', videoId)
            .executeTakeFirstOrThrow()
        ).hardcoded_status,
      ).toBe('polling');
      await s3.start();
      await waitForVideo(db, videoId, (row) => row.hardcoded_status === 'completed', 90_000);
    } finally {
      await s3.start();
      await worker.stop();
    }
    await expectWholeDownload(videoId, user.token, 20);
    expect(await chargesOf(videoId)).toEqual([['charge', -10]]);
    expect(await credits(user.token)).toBe(4.9);
  }, 180_000);
});

describe('the subtitle editor over a bucket', () => {
  it('opens with the frame size, draws the waveform from a fetched copy, and seeks the video by S3 ranges', async () => {
    const user = await payingUser(call, 's3-editor');
    const clip = await makeClip('s3-editor-4s.mp4', { seconds: 4, width: 640, height: 360 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, await hardcodeParts(clip));
    const tab = testCaller(app, user.token);

    const opened = await tab.query('editor.open', { id: videoId });
    expect(opened.status).toBe(200);
    expect(opened.data.video).toMatchObject({ width: 640, height: 360 });

    const peaks = await tab.query('editor.peaks', { id: videoId });
    expect(peaks.status).toBe(200);
    expect(Math.abs(peaks.data.peaks.length - 4 * 40 * 2)).toBeLessThanOrEqual(4);
    const { source_key } = await db
      .selectFrom('videos')
      .select('source_key')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(await services.storage.size(peaksKey(source_key ?? ''))).toBeGreaterThan(0);
    // The fetched copy of the source went with the step.
    expect((await readdir(services.tmpDir)).filter((name) => name.startsWith('fetched-'))).toEqual([]);

    const media = new URL(opened.data.mediaUrl).pathname;
    const size = (await services.storage.size(source_key ?? '')) ?? 0;
    const part = await app.inject({ method: 'GET', url: media, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals((await readFile(clip)).subarray(10, 20))).toBe(true);
  });
});
