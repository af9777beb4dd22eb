import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/** Parts of this size (S3 wants at least 5 MiB but for the last); 1.5 GB makes 90 of them. */
export const FILE_PART_BYTES = 16 * 1024 * 1024;
/**
 * Files from this size go up in parts even when one part holds them: a multipart object appears only
 * when completed, while a plain PUT cut short may leave a short object on a store that does not check
 * the length (s3rver does not). 5 MiB is S3's smallest part.
 */
const MULTIPART_FROM_BYTES = 5 * 1024 * 1024;
/** Parts sent at once: enough to keep a store busy while one part's answer is awaited. */
const PARTS_IN_FLIGHT = 4;
/** Each part streams from the file through a buffer this big. */
const READ_BUFFER_BYTES = 1024 * 1024;
/** A part that fails (a store restarting) is sent again from the file this many times in all. */
const PART_ATTEMPTS = 4;

interface Target {
  Bucket: string;
  Key: string;
}

/**
 * Sends one request whose body streams from the file: the SDK never retries a streamed body (it
 * cannot rewind it), so each attempt opens the file range afresh.
 */
async function withFreshBody<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= PART_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** tries));
    }
  }
}

/** A stream of the file's bytes from `start`; an empty body for none (a stream can't end before 0). */
const rangeOf = (file: string, start: number, bytes: number) =>
  bytes === 0
    ? new Uint8Array()
    : createReadStream(file, { start, end: start + bytes - 1, highWaterMark: READ_BUFFER_BYTES });

/**
 * Uploads a local file as a multipart upload whose parts stream from the file's byte ranges, never
 * buffered whole: memory stays near PARTS_IN_FLIGHT × READ_BUFFER_BYTES (4 MiB) plus the sockets'
 * buffers, whatever the file's size. A streamed body is signed as UNSIGNED-PAYLOAD, so the client
 * hashes nothing (the store checks each part against its Content-Length; TLS guards the bytes).
 * lib-storage's `Upload` would instead copy every part into memory and hash it for the signature.
 */
export async function uploadFile(client: S3Client, target: Target, file: string): Promise<void> {
  const { size } = await stat(file);
  if (size < MULTIPART_FROM_BYTES) {
    await withFreshBody(() =>
      client.send(new PutObjectCommand({ ...target, Body: rangeOf(file, 0, size), ContentLength: size })),
    );
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
  if (!UploadId) throw new Error(`The store started no multipart upload for ${target.Key}`);
  const count = Math.ceil(size / FILE_PART_BYTES);
  const etags: string[] = new Array(count);
  let next = 0;
  let failed = false;
  const sendParts = async () => {
    while (!failed && next < count) {
      const index = next++;
      const start = index * FILE_PART_BYTES;
      const bytes = Math.min(FILE_PART_BYTES, size - start);
      const answer = await withFreshBody(() =>
        client.send(
          new UploadPartCommand({
            ...target,
            UploadId,
            PartNumber: index + 1,
            Body: rangeOf(file, start, bytes),
            ContentLength: bytes,
          }),
        ),
      );
      etags[index] = answer.ETag ?? '';
    }
  };
  try {
    // Every sender stops at the first failure and is awaited, so no part lands after the abort.
    const senders = await Promise.allSettled(
      Array.from({ length: Math.min(PARTS_IN_FLIGHT, count) }, () =>
        sendParts().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = senders.find((sender) => sender.status === 'rejected');
    if (failure) throw failure.reason;
    await client.send(
      new CompleteMultipartUploadCommand({
        ...target,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
      }),
    );
  } catch (error) {
    // The store keeps (and bills) an abandoned upload's parts until it is aborted.
    await client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => {});
    throw error;
  }
}
