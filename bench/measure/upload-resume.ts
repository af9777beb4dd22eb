import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import * as tus from 'tus-js-client';
import { RESUMABLE_SRT_PATH, RESUMABLE_UPLOAD_PATH } from '../../shared/schemas/resumable-upload';

export interface UploadResumeMeasurements {
  bytes: number;
  /** PATCH bytes the client sent for one upload that nothing interrupted. */
  uninterrupted: number;
  /** The interrupted upload: sent before the connection was cut, where the server resumed, sent after. */
  beforeCut: number;
  resumedAt: number;
  afterCut: number;
}

interface Target {
  baseUrl: string;
  token: string;
  /** Cut the first session's connection once this share was sent. */
  cutAtShare?: number;
}

const SRT = '1\n00:00:00,000 --> 00:00:02,000\nSent in two goes\n';

/** The SRT a hardcode upload sends first (hardcode needs no speech engine in the measuring app). */
async function pendingSrt({ baseUrl, token }: Target): Promise<string> {
  const form = new FormData();
  form.set('fileSub', new Blob([SRT], { type: 'application/x-subrip' }), 'bench.srt');
  const answer = await fetch(`${baseUrl}${RESUMABLE_SRT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!answer.ok) throw new Error(`the SRT was refused: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

interface Session {
  sent: number;
  url: string | null;
  cut: boolean;
}

/**
 * tus-js-client's own HTTP stack with every PATCH body counted as it is handed to the connection;
 * with `cutAt`, the connection is destroyed once that many bytes were handed over, mid-request, as a
 * dropped Wi-Fi does (the bytes still in the socket's buffers are lost, and the resume sends them again).
 */
class CountingStack implements tus.HttpStack {
  private readonly inner = new tus.DefaultHttpStack({});
  sent = 0;
  cut = false;
  constructor(private readonly cutAt: number | null) {}
  getName() {
    return 'counting';
  }
  createRequest(method: string, url: string): tus.HttpRequest {
    const request = this.inner.createRequest(method, url);
    if (method !== 'PATCH') return request;
    const send = request.send.bind(request);
    request.send = (body: unknown) => {
      if (!(body instanceof Readable)) return send(body);
      const stack = this;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (stack.cut) return done();
          const room = stack.cutAt === null ? chunk.length : stack.cutAt - stack.sent;
          const passed = room < chunk.length ? chunk.subarray(0, Math.max(0, room)) : chunk;
          stack.sent += passed.length;
          done(null, passed);
          if (stack.cutAt !== null && stack.sent >= stack.cutAt) {
            stack.cut = true;
            setImmediate(() => void request.abort());
          }
        },
      });
      Object.assign(counted, { size: (body as Readable & { size?: number }).size });
      return send(body.pipe(counted));
    };
    return request;
  }
}

/** One tus-js-client session over the file, from the start or from `uploadUrl`; cut at `cutAt` bytes if given. */
function session(
  file: string,
  target: Target,
  metadata: Record<string, string>,
  from: { uploadUrl?: string; cutAt?: number },
) {
  const stack = new CountingStack(from.cutAt ?? null);
  return new Promise<Session>((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${target.baseUrl}${RESUMABLE_UPLOAD_PATH}`,
      uploadUrl: from.uploadUrl ?? null,
      metadata,
      headers: { authorization: `Bearer ${target.token}` },
      chunkSize: Number.POSITIVE_INFINITY,
      retryDelays: null,
      httpStack: stack,
      onSuccess: () => resolve({ sent: stack.sent, url: upload.url, cut: false }),
      onError: (error) => {
        if (stack.cut) resolve({ sent: stack.sent, url: upload.url, cut: true });
        else reject(error);
      },
    });
    upload.start();
  });
}

/**
 * Bytes the client sends for an upload cut at half and resumed, against one nothing interrupted:
 * both through tus-js-client (the forms' library) to a running app, each ending as an accepted video.
 */
export async function measureUploadResume(file: string, target: Target): Promise<UploadResumeMeasurements> {
  const bytes = (await stat(file)).size;
  const metadata = async () => ({ mode: 'hardcode', filename: 'bench.mp4', srt: await pendingSrt(target) });
  const whole = await session(file, target, await metadata(), {});
  const interrupted = await metadata();
  const first = await session(file, target, interrupted, {
    cutAt: Math.floor(bytes * (target.cutAtShare ?? 0.5)),
  });
  if (!first.url || !first.cut) throw new Error('the first session was not cut');
  const second = await session(file, target, interrupted, { uploadUrl: first.url });
  // The resumed session asked the server its offset (HEAD) and sent the rest from there.
  return {
    bytes,
    uninterrupted: whole.sent,
    beforeCut: first.sent,
    resumedAt: bytes - second.sent,
    afterCut: second.sent,
  };
}
