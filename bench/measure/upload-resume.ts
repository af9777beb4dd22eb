import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
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

/** One tus-js-client session over the file, from the start or from `uploadUrl`; cut at `cutAt` bytes if given. */
function session(
  file: string,
  target: Target,
  metadata: Record<string, string>,
  from: { uploadUrl?: string; cutAt?: number },
) {
  return new Promise<Session>((resolve, reject) => {
    let sent = 0;
    let cut = false;
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${target.baseUrl}${RESUMABLE_UPLOAD_PATH}`,
      uploadUrl: from.uploadUrl ?? null,
      metadata,
      headers: { authorization: `Bearer ${target.token}` },
      chunkSize: Number.POSITIVE_INFINITY,
      retryDelays: null,
      onProgress: (bytesSent) => {
        if (cut) return;
        sent = bytesSent;
        if (from.cutAt !== undefined && bytesSent >= from.cutAt) {
          cut = true;
          // The connection drops mid-PATCH, as on a hotel's Wi-Fi; the server keeps what reached it.
          void upload.abort().then(() => resolve({ sent, url: upload.url, cut }));
        }
      },
      onSuccess: () => resolve({ sent, url: upload.url, cut }),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}

async function offsetOf(url: string, token: string): Promise<number> {
  const answer = await fetch(url, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  return Number(answer.headers.get('upload-offset'));
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
  const resumedAt = await offsetOf(first.url, target.token);
  const second = await session(file, target, interrupted, { uploadUrl: first.url });
  return {
    bytes,
    uninterrupted: whole.sent,
    beforeCut: first.sent,
    resumedAt,
    afterCut: second.sent - resumedAt,
  };
}
