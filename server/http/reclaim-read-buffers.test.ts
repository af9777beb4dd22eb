import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { reclaimReadBuffers } from './reclaim-read-buffers';

const CHUNK = 64 * 1024;
const MB = 1024 * 1024;

/** 256 MB as a socket delivers it: a fresh 64 KB buffer per read, each with its own byte. */
function socketLikeReads(total: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const chunk = Buffer.allocUnsafeSlow(CHUNK);
      chunk.fill(sent / CHUNK);
      sent += CHUNK;
      this.push(chunk);
    },
  });
}

/** Streams the reads through `middle` to a sink that hashes them; the highest arrayBuffers seen. */
async function stream(total: number, middle: NodeJS.ReadWriteStream[]) {
  const hash = createHash('sha256');
  let highest = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      highest = Math.max(highest, process.memoryUsage().arrayBuffers);
      setImmediate(done);
    },
  });
  const before = process.memoryUsage().arrayBuffers;
  await pipeline([socketLikeReads(total), ...middle, sink]);
  return { digest: hash.digest('hex'), waiting: highest - before };
}

describe('reclaimReadBuffers', () => {
  it('passes every byte through unchanged and frees spent read buffers as it goes', async () => {
    const total = 256 * MB;
    const plain = await stream(total, []);
    const reclaimed = await stream(total, [reclaimReadBuffers(8 * MB)]);
    expect(reclaimed.digest).toBe(plain.digest);
    // Left to V8, spent buffers wait for a collection by the tens of megabytes.
    expect(plain.waiting).toBeGreaterThan(24 * MB);
    expect(reclaimed.waiting).toBeLessThan(16 * MB);
  });
});
