import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { segmentsFolder } from '../../server/domains/burn-in/burned-segments';
import { STORAGE_UNAVAILABLE } from '../../server/domains/uploads/accept-upload';
import { startWorker } from '../../worker/runner';
import { startCuttableProxy } from '../support/cuttable-proxy';
import { recordFigure } from '../support/figures';
import { payingUser, postMultipart, testApp } from '../support/http';
import { makeClip, probeJson } from '../support/media';
import { filePart } from '../support/multipart';
import { startS3Server } from '../support/s3-server';
import { waitForVideo } from '../support/videos';
import { until } from '../support/waiting';

// The app reaches the S3 server through a proxy that cuts every connection mid-transfer on demand.
const s3 = await startS3Server();
const proxy = await startCuttableProxy(Number(new URL(s3.env.S3_ENDPOINT ?? '').port));
const { app, call, db, pool, services } = await testApp({ ...s3.env, S3_ENDPOINT: proxy.url });
// Over two 8 MB parts: the cut falls inside a multipart upload.
const clip = await makeClip('s3-restart-20s-720p.mp4', { seconds: 20, width: 1280, height: 720 });

async function upload(token: string) {
  return postMultipart(app, '/api/upload-log/hc', token, [
    await filePart('fileVideo', clip, 'restart.mp4', 'video/mp4'),
    {
      name: 'fileSub',
      filename: 'restart.srt',
      content: Buffer.from('1\n00:00:01,000 --> 00:00:03,000\nHi\n'),
    },
  ]);
}

async function ledgerOf(companyId: number) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'charge')
    .execute();
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}

describe('the S3 server restarting while an upload is stored', () => {
  it('a short restart: the interrupted part is sent again, the video is stored whole and charged once', async () => {
    const user = await payingUser(call, 's3-blip-upload');
    proxy.cutAfter(3 * 1024 * 1024, 300);
    const response = await upload(user.token);
    expect(proxy.cuts()).toBe(1);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const video = await db
      .selectFrom('videos')
      .select('source_key')
      .where('id', '=', response.body.data.id)
      .executeTakeFirstOrThrow();
    const stored = await buffer(services.storage.read(video.source_key ?? ''));
    expect(stored.equals(await readFile(clip))).toBe(true);
    expect(await ledgerOf(user.companyId ?? 0)).toEqual([['charge', -10]]);
    recordFigure('faults survived', 1, 'S3 server restarted mid-upload');
  }, 120_000);

  it('a long outage: the upload is refused with a clear message, charged nothing, no file kept', async () => {
    const user = await payingUser(call, 's3-down-upload');
    const before = (await services.storage.list('videos/')).length;
    proxy.cutAfter(3 * 1024 * 1024, 6_000);
    const response = await upload(user.token);
    expect(proxy.cuts()).toBe(2);
    expect(response.status).toBe(503);
    expect(response.body.error.message).toBe(STORAGE_UNAVAILABLE);
    expect(await ledgerOf(user.companyId ?? 0)).toEqual([]);
    expect(
      await db
        .selectFrom('videos')
        .select('id')
        .where('company_id', '=', user.companyId ?? 0)
        .execute(),
    ).toEqual([]);
    // Once the store answers again, it holds nothing of the refused upload.
    const stored = await until(() => services.storage.list('videos/'), 30_000, 'the store to answer again');
    expect(stored).toHaveLength(before);
  }, 120_000);

  it('a restart while the burn-in stores its segment: it is burned and stored again, the video completes whole, charged once', async () => {
    const user = await payingUser(call, 's3-blip-burn');
    const response = await upload(user.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const videoId: number = response.body.data.id;
    const cutsBefore = proxy.cuts();
    // The source is stored; the next bytes sent to the store are the burned segment's.
    proxy.cutAfter(256 * 1024, 2_000);
    const worker = await startWorker(pool, services, 1);
    try {
      await until(async () => (proxy.cuts() > cutsBefore ? true : undefined), 60_000, 'the cut');
      // The store itself restarts while the proxy refuses connections.
      await s3.stop();
      await s3.start();
      const video = await waitForVideo(db, videoId, (row) => row.hardcoded_status !== 'polling', 120_000);
      expect(video.hardcoded_status).toBe('completed');
      const retried = await db
        .selectFrom('job_runs')
        .select('task')
        .where('video_id', '=', videoId)
        .where('outcome', '=', 'retried')
        .execute();
      // The SDK's own retries may ride the restart out; else the burn's attempt failed and was run again.
      for (const run of retried) expect(['burn_segment', 'join_burned_segments']).toContain(run.task);
      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['kind', 'amount_cents'])
        .where('video_id', '=', videoId)
        .execute();
      expect(ledger.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([
        ['charge', -video.price_cents],
      ]);
      const folder = video.source_key?.replace(/[^/]+$/, '') ?? '';
      const stored = await services.storage.list(folder);
      expect(stored.filter((key) => key.includes('/hardcoded'))).toEqual([video.hardcoded_key]);
      expect(await services.storage.list(segmentsFolder(video.source_key ?? ''))).toHaveLength(1);
      const probe = await services.storage.withLocalFile(video.hardcoded_key ?? '', (file) =>
        probeJson(file),
      );
      expect(Math.abs(Number(probe.format.duration) - 20)).toBeLessThanOrEqual(0.2);
      expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    } finally {
      await worker.stop();
    }
    recordFigure('faults survived', 1, 'S3 server restarted while the burn-in stored a segment');
  }, 180_000);
});
