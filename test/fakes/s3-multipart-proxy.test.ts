import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { startS3Server } from '../support/s3-server';
import { MIN_PART_BYTES, startS3MultipartProxy } from './s3-multipart-proxy';

/**
 * The proxy answers the multipart calls s3rver lacks: each is read here by the AWS SDK the product
 * uses (which parses S3's documented XML) and its raw XML checked for the documented elements.
 */
const s3 = await startS3Server();
const proxy = await startS3MultipartProxy(s3.env.S3_ENDPOINT ?? '');
const client = new S3Client({
  endpoint: proxy.url,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const Bucket = s3.bucket;

async function startUpload(Key: string, sizes: number[]) {
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const parts = [];
  for (const [index, size] of sizes.entries()) {
    const PartNumber = index + 1;
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: Buffer.alloc(size, PartNumber) }),
    );
    parts.push({ PartNumber, ETag });
  }
  return { UploadId: UploadId ?? '', parts };
}

/** The proxy's own answer as bytes (it answers these calls itself, so no signature is needed to read them). */
async function rawXml(path: string) {
  const response = await fetch(`${proxy.url}${path}`);
  return { status: response.status, xml: await response.text() };
}

describe('the multipart calls the S3 proxy answers', () => {
  it('lists the parts of an upload and the uploads under a prefix in S3’s documented shapes', async () => {
    const { UploadId } = await startUpload('videos/a.mp4', [MIN_PART_BYTES, 1_000]);
    await startUpload('other/b.mp4', [10]);

    const listed = await client.send(new ListPartsCommand({ Bucket, Key: 'videos/a.mp4', UploadId }));
    expect(listed.Parts?.map((part) => [part.PartNumber, part.Size])).toEqual([
      [1, MIN_PART_BYTES],
      [2, 1_000],
    ]);
    expect(listed.Parts?.every((part) => /^"[0-9a-f]{32}"$/.test(part.ETag ?? ''))).toBe(true);
    expect(listed).toMatchObject({
      Bucket,
      Key: 'videos/a.mp4',
      UploadId,
      IsTruncated: false,
      MaxParts: 1000,
    });

    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'videos/' }));
    expect(uploads.Uploads?.map((upload) => [upload.Key, upload.UploadId])).toEqual([
      ['videos/a.mp4', UploadId],
    ]);
    expect(uploads.Uploads?.[0]?.Initiated).toBeInstanceOf(Date);
    expect(uploads).toMatchObject({ Bucket, Prefix: 'videos/', IsTruncated: false });

    const raw = await rawXml(`/${Bucket}/videos/a.mp4?uploadId=${UploadId}`);
    expect(raw.status).toBe(200);
    expect(raw.xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><ListPartsResult xmlns="http:\/\/s3.amazonaws.com\/doc\/2006-03-01\/"><Bucket>.*<\/Bucket><Key>videos\/a.mp4<\/Key><UploadId>.*<\/UploadId>.*<Part><PartNumber>1<\/PartNumber><ETag>.*<\/ETag><Size>5242880<\/Size><LastModified>\d{4}-\d\d-\d\dT[\d:.]+Z<\/LastModified><\/Part>/,
    );
  });

  it('refuses to complete an upload whose part but the last is under 5 MiB (EntityTooSmall), as S3 and MinIO do', async () => {
    const small = await startUpload('videos/small.mp4', [MIN_PART_BYTES - 1, 10]);
    const refused = client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: 'videos/small.mp4',
        UploadId: small.UploadId,
        MultipartUpload: { Parts: small.parts },
      }),
    );
    await expect(refused).rejects.toMatchObject({
      name: 'EntityTooSmall',
      $metadata: { httpStatusCode: 400 },
    });

    const fine = await startUpload('videos/fine.mp4', [MIN_PART_BYTES, 10]);
    const done = await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: 'videos/fine.mp4',
        UploadId: fine.UploadId,
        MultipartUpload: { Parts: fine.parts },
      }),
    );
    expect(done.Key).toBe('videos/fine.mp4');
  });

  it('aborts an upload: 204, then NoSuchUpload for its parts and gone from the list', async () => {
    const { UploadId } = await startUpload('videos/gone.mp4', [10]);
    const aborted = await client.send(
      new AbortMultipartUploadCommand({ Bucket, Key: 'videos/gone.mp4', UploadId }),
    );
    expect(aborted.$metadata.httpStatusCode).toBe(204);
    await expect(
      client.send(new ListPartsCommand({ Bucket, Key: 'videos/gone.mp4', UploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'videos/gone' }));
    expect(uploads.Uploads ?? []).toEqual([]);
  });
});
