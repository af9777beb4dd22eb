import type { FastifyReply, FastifyRequest } from 'fastify';
import { mediaTypeOf } from '../storage/media-types';
import type { ByteRange, Storage } from '../storage/storage';

/**
 * The one range of a `Range: bytes=…` header (RFC 9110 §14.1.2) within a file of `size` bytes:
 * `undefined` for no header or one we do not serve (several ranges, other units), which gets the
 * whole file; `null` for a range that lies outside the file (416).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return null;
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return null;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

/** Streams a stored video or audio file to a media element, answering range requests so it can seek. */
export async function sendVideo(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
) {
  const size = await storage.size(key);
  if (size === null) return reply.code(404).send({ error: 'File not found' });
  reply
    .header('content-type', mediaTypeOf(key))
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl);
  const range = byteRange(request.headers.range, size);
  if (range === null) return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range === undefined) return reply.header('content-length', size).send(storage.read(key));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(storage.read(key, range));
}
