import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceCents } from '../../../test/support/database';
import { payingUser, testApp } from '../../../test/support/http';

const { app, call, db } = await testApp();
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const { port } = app.server.address() as AddressInfo;

const BROKEN_SRT = '1\n00:00:05,000 --> 00:00:04,000\nBackwards\n\n2\n00:00:07,000 => 00:00:08,000\nArrow\n';

/**
 * Sends the form's fields and the SRT, then only the first megabyte of a video part, and waits: the
 * answer must come while the video is still being sent.
 */
function sendSrtFirstAndStall(token: string) {
  const boundary = '----early-srt-check';
  const head = Buffer.from(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="fileSub"; filename="broken.srt"',
      'Content-Type: application/x-subrip',
      '',
      BROKEN_SRT,
      `--${boundary}`,
      'Content-Disposition: form-data; name="fileVideo"; filename="big.mp4"',
      'Content-Type: video/mp4',
      '',
      '',
    ].join('\r\n'),
  );
  return new Promise<{ status: number; body: string; videoBytesSent: number }>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload-log/hc',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // A 200 MB video is announced; only its first megabyte is ever sent.
        'content-length': String(head.length + 200 * 1024 * 1024),
        authorization: `Bearer ${token}`,
      },
    });
    const videoStart = Buffer.alloc(1024 * 1024, 7);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, videoBytesSent: videoStart.length });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.write(head);
    request.write(videoStart);
    setTimeout(() => reject(new Error('no answer while the video was still being sent')), 10_000).unref();
  });
}

describe('an SRT sent before the video', () => {
  it('is checked as it arrives: a broken one is refused, naming its lines, before the video is stored', async () => {
    const user = await payingUser(call, 'early-srt');
    const before = await balanceCents(db, user.companyId ?? 0);
    const answer = await sendSrtFirstAndStall(user.token);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toBe(
      'Line 2: end time 00:00:04,000 is before start time 00:00:05,000',
    );
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
    const videos = await db
      .selectFrom('videos')
      .select('id')
      .where('company_id', '=', user.companyId ?? 0)
      .execute();
    expect(videos).toEqual([]);
  });
});
