import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { type StorageMode, startS3Server } from '../support/s3-server';
import { readBody } from './fake-http';
import { passOn } from './pass-on';

interface Part {
  number: number;
  etag: string;
  size: number;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  initiated: Date;
  parts: Map<number, Part>;
}

/** S3's (and MinIO's) smallest part, but for the last: CompleteMultipartUpload refuses smaller ones. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface S3MultipartProxy {
  /** The endpoint to give the app (S3_ENDPOINT). */
  url: string;
  /** Makes the multipart uploads under `keyPrefix` look started `ms` earlier (S3's Initiated). */
  age(keyPrefix: string, ms: number): void;
  close(): Promise<void>;
}

/**
 * s3rver answers NotImplemented to ListParts, AbortMultipartUpload and ListMultipartUploads, which
 * @tus/s3-store calls on every HEAD and PATCH and for expiry. This fake stands in front of it: every
 * request passes through unchanged (signature and all) and s3rver stores the parts, while the proxy
 * remembers each multipart upload's parts from s3rver's answers and answers those three calls as
 * S3's documentation writes them. s3rver also completes an upload of parts of any size, which S3
 * and MinIO refuse (EntityTooSmall): the proxy refuses it too.
 */
export async function startS3MultipartProxy(target: string): Promise<S3MultipartProxy> {
  const uploads = new Map<string, MultipartUpload>();
  const upstream = new URL(target);

  const answerXml = (response: http.ServerResponse, status: number, body: string) =>
    response.writeHead(status, { 'content-type': 'application/xml' }).end(`${XML_HEAD}${body}`);
  const noSuchUpload = (response: http.ServerResponse) =>
    answerXml(
      response,
      404,
      '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
    );

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    onAnswer?: (status: number, headers: http.IncomingHttpHeaders, body: Buffer, sentBytes: number) => void,
    requestBody?: Buffer,
  ) => {
    let sent = 0;
    request.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
    const proxied = passOn(
      upstream,
      request,
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          onAnswer?.(answer.statusCode ?? 500, answer.headers, body, sent);
          response.writeHead(answer.statusCode ?? 500, answer.headers).end(body);
        });
      },
      requestBody,
    );
    proxied.on('error', () => response.writeHead(502).end());
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    const upload = uploadId ? uploads.get(uploadId) : undefined;

    if (request.method === 'GET' && key === '' && url.searchParams.has('uploads')) {
      const prefix = url.searchParams.get('prefix') ?? '';
      const listed = [...uploads.entries()]
        .filter(([, item]) => item.bucket === bucket && item.key.startsWith(prefix))
        .sort(([, a], [, b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(
          ([id, item]) =>
            `<Upload><Key>${xmlText(item.key)}</Key><UploadId>${id}</UploadId><Initiated>${item.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join('');
      return answerXml(
        response,
        200,
        `<ListMultipartUploadsResult ${NS}><Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${xmlText(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${listed}</ListMultipartUploadsResult>`,
      );
    }
    if (uploadId && request.method === 'GET') {
      if (!upload) return noSuchUpload(response);
      const parts = [...upload.parts.values()]
        .sort((a, b) => a.number - b.number)
        .map(
          (part) =>
            `<Part><PartNumber>${part.number}</PartNumber><ETag>${xmlText(part.etag)}</ETag><Size>${part.size}</Size><LastModified>${upload.initiated.toISOString()}</LastModified></Part>`,
        )
        .join('');
      return answerXml(
        response,
        200,
        `<ListPartsResult ${NS}><Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${upload.parts.size > 0 ? Math.max(...upload.parts.keys()) : 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
      );
    }
    if (uploadId && request.method === 'DELETE') {
      if (!upload) return noSuchUpload(response);
      uploads.delete(uploadId);
      request.resume();
      return response.writeHead(204).end();
    }
    if (uploadId && request.method === 'PUT') {
      if (!upload) {
        request.resume();
        return noSuchUpload(response);
      }
      const number = Number(url.searchParams.get('partNumber'));
      const decoded = Number(request.headers['x-amz-decoded-content-length']);
      return forward(request, response, (status, headers, _body, sentBytes) => {
        if (status !== 200) return;
        const size = Number.isFinite(decoded) && decoded >= 0 ? decoded : sentBytes;
        upload.parts.set(number, { number, etag: String(headers.etag ?? ''), size });
      });
    }
    if (request.method === 'POST' && url.searchParams.has('uploads')) {
      return forward(request, response, (status, _headers, body) => {
        const id = /<UploadId>([^<]+)<\/UploadId>/.exec(body.toString())?.[1];
        if (status === 200 && id) uploads.set(id, { bucket, key, initiated: new Date(), parts: new Map() });
      });
    }
    if (uploadId && request.method === 'POST') {
      if (!upload) {
        request.resume();
        return noSuchUpload(response);
      }
      return void readBody(request).then((body) => {
        const named = Array.from(body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g), (m) =>
          Number(m[1]),
        );
        const tooSmall = named
          .slice(0, -1)
          .find((number) => (upload.parts.get(number)?.size ?? 0) < MIN_PART_BYTES);
        if (tooSmall !== undefined)
          return answerXml(
            response,
            400,
            `<Error><Code>EntityTooSmall</Code><Message>Your proposed upload is smaller than the minimum allowed object size.</Message><ProposedSize>${upload.parts.get(tooSmall)?.size ?? 0}</ProposedSize><MinSizeAllowed>${MIN_PART_BYTES}</MinSizeAllowed><PartNumber>${tooSmall}</PartNumber></Error>`,
          );
        forward(
          request,
          response,
          (status) => {
            if (status === 200) uploads.delete(uploadId);
          },
          body,
        );
      });
    }
    forward(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(close);
  return {
    url: `http://127.0.0.1:${port}`,
    age(keyPrefix, ms) {
      for (const item of uploads.values())
        if (item.key.startsWith(keyPrefix)) item.initiated = new Date(item.initiated.getTime() - ms);
    },
    close,
  };
}

/**
 * A test app's environment for resumable uploads in this storage mode: nothing for disk; for s3,
 * s3rver behind this proxy (the multipart calls @tus/s3-store makes that s3rver lacks).
 */
export async function resumableStorageEnv(storage: StorageMode): Promise<Record<string, string>> {
  if (storage === 'disk') return {};
  const s3 = await startS3Server();
  const proxy = await startS3MultipartProxy(s3.env.S3_ENDPOINT ?? '');
  return { ...s3.env, S3_ENDPOINT: proxy.url };
}
