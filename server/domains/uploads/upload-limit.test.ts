import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../../shared/limits';
import { signedUpUser, testApp } from '../../../test/support/http';

const { app, call } = await testApp();
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());

/** A multipart body whose video part is `size` bytes of zeros, generated as it is sent. */
function hugeUpload(size: number, boundary: string): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body';
        this.push(
          `--${boundary}\r\nContent-Disposition: form-data; name="fileVideo"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        );
      } else if (stage === 'body') {
        const next = Math.min(chunk.length, size - sent);
        sent += next;
        this.push(next === chunk.length ? chunk : chunk.subarray(0, next));
        if (sent >= size) stage = 'tail';
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(`\r\n--${boundary}--\r\n`);
      } else this.push(null);
    },
  });
}

describe('the 1.5 GB limit', () => {
  it('answers 413 with the PRODUCT.md §5 message for one byte more; server memory stays low', async () => {
    const user = await signedUpUser(call, 'huge');
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'hugeboundary42';
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload-log/hc',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            authorization: `Bearer ${user.token}`,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (data) => {
            body += data;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      hugeUpload(MAX_VIDEO_BYTES + 1, boundary).pipe(request);
    });
    clearInterval(sampler);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe('The file exceeds the maximum allowed size of 1.5GB');
    expect((peak - rssBefore) / 1024 / 1024).toBeLessThan(150);
  }, 120_000);
});
