import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mediaTypeOf } from './media-types';
import { uploadFile } from './s3-file-upload';
import { checkKey, type Storage } from './storage';

export interface S3Settings {
  endpoint?: string;
  /** The endpoint download links name, when browsers reach the store at another address. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** How long ffprobe's link to a file lives: it reads a header in well under a second. */
const PROBE_LINK_SECONDS = 5 * 60;
/**
 * A stream's multipart upload (lib-storage) holds each part whole in memory: PART_BYTES × (QUEUE_SIZE + 1),
 * 40 MiB, whatever the stream's length. Local files go up from their byte ranges instead (s3-file-upload.ts).
 */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** Free space a local copy must leave on the temporary folder's disk, for the outputs of the program reading it. */
const TMP_RESERVE_FACTOR = 2;

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  const name = (error as { name?: string })?.name;
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey';
}

/** An S3 client for any S3-compatible store (AWS, MinIO, s3rver) from our settings. */
export function s3Client(settings: S3Settings): S3Client {
  // The SDK's documented switch for its notice about future Node versions (it is not about ours).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Six tries with the SDK's growing, jittered pauses (about 1.5 s in all) ride out a store's restart.
    maxAttempts: 6,
    // S3-compatible stores do not all know the SDK's newer default checksums; S3 itself accepts both.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Proves at start that the bucket answers and takes writes: a small object written, read back and
 * removed. A wrong endpoint, key or bucket stops the start with one line instead of failing the first upload.
 */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  const where = `S3 bucket "${bucket}"`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    throw new Error(`${where} is not reachable: ${describe(error)}`);
  }
  const key = `.subtitling-check/${randomUUID()}`;
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'ok' }));
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    throw new Error(`${where} does not take writes: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  const message = error instanceof Error ? error.message || error.name : String(error);
  return status ? `${message} (HTTP ${status})` : message;
}

/** Counts the bytes that pass, for `write` to answer the stored size without asking the store. */
function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * Files in an S3 bucket under the same keys as on disk. Uploads are multipart (bounded memory);
 * programs read local copies made in `tmpDir` and removed after; downloads are presigned links.
 */
export function s3Storage(
  client: S3Client,
  bucket: string,
  tmpDir: string,
  /** Signs the links browsers follow: a client of the store's public address (the same client by default). */
  linkSigner: S3Client = client,
): Storage {
  const object = (key: string) => ({ Bucket: bucket, Key: checkKey(key) });

  async function upload(key: string, body: Readable) {
    await new Upload({
      client,
      params: { ...object(key), Body: body },
      partSize: PART_BYTES,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    }).done();
  }

  async function size(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand(object(key)));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Refuses a copy that would leave the temporary folder's disk without room for the program's output. */
  async function ensureRoomFor(bytes: number) {
    const disk = await statfs(tmpDir);
    const free = disk.bavail * disk.bsize;
    if (free < bytes * TMP_RESERVE_FACTOR)
      throw new Error(
        `Not enough temporary space for a ${bytes}-byte copy (${free} bytes free in ${tmpDir})`,
      );
  }

  return {
    kind: 's3',
    async write(key, data) {
      const counter = byteCounter();
      await upload(key, data.pipe(counter.stream));
      return counter.bytes();
    },
    async adopt(key, file) {
      await uploadFile(client, object(key), file);
      await rm(file, { force: true });
    },
    read(key, range) {
      // Callers take a stream at once (Fastify sends it); the object's bytes flow in when S3 answers.
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            ...object(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        .then((answer) => {
          const body = answer.Body as Readable | undefined;
          if (!body) return void out.end();
          body.on('error', (error) => out.destroy(error));
          // A reader that goes away (a browser seeking elsewhere) frees the store's connection too.
          out.on('close', () => body.destroy());
          body.pipe(out);
        })
        .catch((error: Error) => out.destroy(error));
      return out;
    },
    async copy(fromKey, toKey) {
      await client.send(
        new CopyObjectCommand({
          ...object(toKey),
          CopySource: `${bucket}/${checkKey(fromKey).split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    },
    size,
    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const entry of page.Contents ?? []) if (entry.Key) keys.push(entry.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async withLocalFile(key, use) {
      const bytes = await size(key);
      if (bytes === null) throw new Error(`No stored file ${key}`);
      await mkdir(tmpDir, { recursive: true });
      await ensureRoomFor(bytes);
      const folder = await mkdtemp(path.join(tmpDir, 'fetched-'));
      try {
        const file = path.join(folder, path.posix.basename(key));
        const answer = await client.send(new GetObjectCommand(object(key)));
        await pipeline(answer.Body as Readable, createWriteStream(file));
        return await use(file);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    probeInput: (key) =>
      getSignedUrl(client, new GetObjectCommand(object(key)), { expiresIn: PROBE_LINK_SECONDS }),
    rangedInput: (key, seconds) =>
      getSignedUrl(client, new GetObjectCommand(object(key)), { expiresIn: seconds }),
    directDownloadUrl: (key, disposition, seconds) =>
      getSignedUrl(
        linkSigner,
        new GetObjectCommand({
          ...object(key),
          ResponseContentDisposition: disposition,
          ResponseContentType: mediaTypeOf(key),
        }),
        { expiresIn: seconds },
      ),
  };
}
