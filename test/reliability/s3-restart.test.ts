import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../../server/domains/videos/accept-upload';
import { startCuttableProxy } from '../support/cuttable-proxy';
import { recordFigure } from '../support/figures';
import { payingUser, postMultipart, testApp } from '../support/http';
import { makeClip } from '../support/media';
import { filePart } from '../support/multipart';
import { startS3Server } from '../support/s3-server';
import { sleep } from '../support/waiting';

// The app reaches the S3 server through a proxy that cuts every connection mid-transfer on demand.
const s3 = await startS3Server();
const proxy = await startCuttableProxy(Number(new URL(s3.env.S3_ENDPOINT ?? '').port));
const { app, call, db, services } = await testApp({ ...s3.env, S3_ENDPOINT: proxy.url });
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
    await sleep(6_000); // the store is back
    expect(await services.storage.list('videos/')).toHaveLength(before);
  }, 120_000);
});
