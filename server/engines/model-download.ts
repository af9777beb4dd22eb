import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ModelChecksum } from './model-catalog';
import { describeError } from './retry';
import { EngineUnavailable } from './types';

export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length, else the catalog's approximate size; null when neither is known. */
  totalBytes: number | null;
  /** 0–100, or null without a total. */
  percent: number | null;
}

export interface DownloadOptions {
  url: string;
  target: string;
  checksum: ModelChecksum;
  approximateBytes?: number;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

function meter(hash: Hash, totalBytes: number | null, onProgress?: (progress: DownloadProgress) => void) {
  let receivedBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      receivedBytes += chunk.length;
      const percent = totalBytes ? Math.min(100, Math.floor((receivedBytes / totalBytes) * 100)) : null;
      onProgress?.({ receivedBytes, totalBytes, percent });
      done(null, chunk);
    },
  });
}

async function fetchModel(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    signal?.throwIfAborted();
    throw new EngineUnavailable(`Cannot reach ${url}: ${describeError(error)}`);
  }
  if (!response.ok || !response.body) {
    throw new EngineUnavailable(`Downloading ${url} failed: HTTP ${response.status} ${response.statusText}`);
  }
  return response;
}

/**
 * Streams a model to `<target>.partial`, hashing on the way, and renames it into place only when
 * the checksum matches; on any failure the partial file is removed, so it is never used.
 */
export async function downloadVerifiedFile(options: DownloadOptions): Promise<void> {
  const partial = `${options.target}.partial`;
  try {
    const response = await fetchModel(options.url, options.signal);
    const declared = Number(response.headers.get('content-length'));
    const totalBytes = declared > 0 ? declared : (options.approximateBytes ?? null);
    const hash = createHash(options.checksum.algorithm);
    // Node's fetch body is a web stream; its DOM and node:stream/web types differ only in name.
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    await pipeline(body, meter(hash, totalBytes, options.onProgress), createWriteStream(partial), {
      signal: options.signal,
    }).catch((error: unknown) => {
      options.signal?.throwIfAborted();
      throw new EngineUnavailable(`Download of ${options.url} was cut off: ${describeError(error)}`);
    });
    const digest = hash.digest('hex');
    if (digest !== options.checksum.digest) {
      throw new EngineUnavailable(
        `Download of ${options.url} is corrupt: ${options.checksum.algorithm} ${digest}, expected ${options.checksum.digest}`,
      );
    }
    await rename(partial, options.target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Hashes a file already on disk, streamed (models are hundreds of MB). */
export async function fileDigest(file: string, algorithm: ModelChecksum['algorithm']): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}
