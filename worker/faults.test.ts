import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../server/storage/storage';
import { FAILURE_TEXTS } from '../shared/schemas/videos';
import { recordFigure } from '../test/support/figures';
import { payingUser, testApp, uploadVideo } from '../test/support/http';
import { leftoverFiles } from '../test/support/leftovers';
import { CLIPS_DIR, makeClip } from '../test/support/media';
import { filePart, multipartBody } from '../test/support/multipart';
import { waitForVideo } from '../test/support/videos';
import { until } from '../test/support/waiting';
import { startWorker, type WorkerHandle } from './runner';

/**
 * Faults during burn-in: an input ffmpeg crashes on, and a disk that is full when the output is
 * stored. After the retries: the video is failed with a reason, the charge is back, nothing partial
 * is left, the queue is empty, and the ledger still adds up.
 */
const { app, call, db, pool, services } = await testApp();
const realStorage = services.storage;
let diskFull = false;
const failingStorage: Storage = {
  ...realStorage,
  async adopt(key, file) {
    if (diskFull && /\/hardcoded(-\d+)?\.mp4$/.test(key))
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return realStorage.adopt(key, file);
  },
};
services.storage = failingStorage;
let worker: WorkerHandle;
beforeAll(async () => {
  worker = await startWorker(pool, services, 1);
});
afterAll(() => worker.stop());

async function upload(token: string, video: string) {
  return uploadVideo(app, '/api/upload-log/hc', token, [
    await filePart('fileVideo', video, 'fault.mp4', 'video/mp4'),
    {
      name: 'fileSub',
      filename: 'fault.srt',
      content: Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nFault\n'),
    },
  ]);
}

const settledVideo = (videoId: number) =>
  waitForVideo(db, videoId, (video) => video.hardcoded_status !== 'polling');

async function expectRefundedAndClean(userToken: string, videoId: number) {
  const company = await call('GET', '/api/company/my', { token: userToken });
  expect(company.body.data[0].attributes.credits).toBe(5);
  const ledger = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  expect(ledger.map((entry) => [entry.kind, Number(entry.amount_cents)])).toEqual([
    ['charge', -10],
    ['refund', 10],
  ]);
  expect(await leftoverFiles(services.tmpDir)).toEqual([]);
  // The video fails inside its job's last attempt: the worker removes the job just after.
  await until(
    async () => {
      const jobs = await db
        .selectFrom('graphile_worker.jobs' as never)
        .select('id' as never)
        .execute();
      return jobs.length === 0 ? true : undefined;
    },
    15_000,
    'the queue to be empty',
  );
}

describe('faults during burn-in', () => {
  it('refuses at upload a file whose media ffprobe cannot read, charging nothing', async () => {
    const user = await payingUser(call, 'corrupt');
    const bytes = await readFile(await makeClip('fault-4s.mp4', { seconds: 4 }));
    const corrupt = Buffer.from(bytes);
    for (let index = 2048; index < corrupt.length; index += 7) corrupt[index] = (corrupt[index] ?? 0) ^ 0xff;
    const file = path.join(CLIPS_DIR, 'fault-corrupt.mp4');
    await writeFile(file, corrupt);
    const { body, contentType } = multipartBody([
      await filePart('fileVideo', file, 'fault.mp4', 'video/mp4'),
      {
        name: 'fileSub',
        filename: 'fault.srt',
        content: Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nFault\n'),
      },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload-log/hc',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(
      (await call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits,
    ).toBe(5);
    // A bad input, not a fault: the faults are a process or service dying, a disk filling, a store going away.
    recordFigure('bad inputs refused, nothing charged', 1, 'corrupt MP4 at upload');
  });

  it('ffmpeg crashing during burn-in fails after its retries, refunded, with the reason', async () => {
    const user = await payingUser(call, 'crashing');
    const crashing = path.join(services.tmpDir, '..', 'crashing-ffmpeg.sh');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n', { mode: 0o755 });
    const realMedia = services.media;
    services.media = { ...realMedia, ffmpeg: crashing };
    try {
      const videoId = await upload(user.token, await makeClip('fault-4s.mp4', { seconds: 4 }));
      const video = await settledVideo(videoId);
      expect(video.hardcoded_status).toBe('failed');
      expect(video.failure_cause).toMatch(/^ffmpeg was killed by SIGSEGV/);
      expect(video.failure_reason).toBe(`${FAILURE_TEXTS.video} Your €0.10 was refunded.`);
      expect(video.hardcoded_key).toBeNull();
      await expectRefundedAndClean(user.token, videoId);
      recordFigure('faults survived', 1, 'a stand-in ffmpeg killing itself with SIGSEGV during burn-in');
    } finally {
      services.media = realMedia;
    }
  }, 90_000);

  it('a full disk while storing the output fails after its retries, refunded, nothing partial kept', async () => {
    const user = await payingUser(call, 'diskfull');
    diskFull = true;
    try {
      const videoId = await upload(user.token, await makeClip('fault-4s.mp4', { seconds: 4 }));
      const video = await settledVideo(videoId);
      expect(video.hardcoded_status).toBe('failed');
      expect(video.failure_cause).toContain('no space left on device');
      expect(video.failure_reason).toBe(`${FAILURE_TEXTS.video} Your €0.10 was refunded.`);
      await expectRefundedAndClean(user.token, videoId);
      recordFigure('faults survived', 1, 'a simulated full disk (ENOSPC) while storing the output');
    } finally {
      diskFull = false;
    }
  }, 90_000);
});
