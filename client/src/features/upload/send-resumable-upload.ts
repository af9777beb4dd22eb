import * as tus from 'tus-js-client';
import {
  pendingSrtAnswer,
  RESUMABLE_SRT_PATH,
  RESUMABLE_UPLOAD_PATH,
} from '../../../../shared/schemas/resumable-upload';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../lib/same-origin-fetch';
import { type SendUploadOptions, sendUpload } from './send-upload';
import { parseUploadAnswer, type UploadAnswer } from './upload-answer';

export type UploadMode = 'generate' | 'hardcode';

/** An earlier upload of the same file in this mode, and how much of it the server holds. */
export interface PreviousUpload {
  upload: tus.PreviousUpload;
  percent: number;
}

/** The pauses between tries after a dropped connection: it keeps trying for about a minute and a half. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

const endpoint = () => new URL(RESUMABLE_UPLOAD_PATH, window.location.origin).toString();

function withCsrf(request: tus.HttpRequest) {
  const token = readCookie(CSRF_COOKIE);
  if (token) request.setHeader(CSRF_HEADER, token);
}

function fieldsOf(form: FormData) {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/**
 * An earlier, unfinished upload of this file (tus-js-client's fingerprint: name, type, size, date,
 * kept in localStorage), with the share the server already holds; null when there is none.
 */
export async function findPreviousUpload(mode: UploadMode, video: File): Promise<PreviousUpload | null> {
  const probe = new tus.Upload(video, { endpoint: endpoint() });
  const previous = (await probe.findPreviousUploads())
    .filter((upload) => upload.metadata.mode === mode && upload.uploadUrl)
    .sort((a, b) => b.creationTime.localeCompare(a.creationTime));
  for (const upload of previous) {
    const answer = await fetch(upload.uploadUrl ?? '', {
      method: 'HEAD',
      credentials: 'same-origin',
      headers: { 'tus-resumable': '1.0.0' },
    }).catch(() => null);
    // Expired or removed on the server: forgotten here too, so it is not looked for again.
    if (answer?.status === 404 || answer?.status === 410)
      await tus.defaultOptions.urlStorage.removeUpload(upload.urlStorageKey).catch(() => {});
    const offset = Number(answer?.headers.get('upload-offset'));
    const size = Number(answer?.headers.get('upload-length')) || upload.size || 0;
    if (answer?.ok && size > 0 && offset < size)
      return { upload, percent: Math.floor((offset / size) * 100) };
  }
  return null;
}

/** A hardcode upload's SRT goes first, checked by the server; its id travels in the video's metadata. */
async function sendSrt(srt: File): Promise<{ id: string } | UploadAnswer> {
  const form = new FormData();
  form.set('fileSub', srt, srt.name);
  let id: string | null = null;
  const answer = await sendUpload(RESUMABLE_SRT_PATH, form, {
    onBody: (body) => {
      id = pendingSrtAnswer.safeParse(safeJson(body)).data?.data.id ?? null;
    },
  });
  if (!answer.ok) return answer;
  return id ? { id } : parseUploadAnswer(0, '');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends the form's video over tus: a dropped connection is retried from the last byte the server
 * holds, and a reload finds the upload again (`findPreviousUpload`, then `resume`). The answer is
 * the forms' paths': the server accepts or refuses the video when its last byte arrives.
 */
export async function sendResumableUpload(
  mode: UploadMode,
  form: FormData,
  options: SendUploadOptions & { resume?: tus.PreviousUpload },
): Promise<UploadAnswer> {
  const video = form.get(mode === 'generate' ? 'file' : 'fileVideo');
  if (!(video instanceof File)) return parseUploadAnswer(0, '');
  const metadata: Record<string, string> = { ...fieldsOf(form), mode, filename: video.name };
  if (mode === 'hardcode' && !options.resume) {
    const srt = form.get('fileSub');
    if (!(srt instanceof File)) return parseUploadAnswer(0, '');
    const sent = await sendSrt(srt);
    if (!('id' in sent)) return sent;
    metadata.srt = sent.id;
  }
  return new Promise((resolve) => {
    const upload = new tus.Upload(video, {
      endpoint: endpoint(),
      metadata,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: withCsrf,
      // A refusal in the forms' words is final; a lost connection or a busy server is tried again.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 503);
      },
      onProgress: (loaded, total) => {
        if (total > 0)
          options.onProgress?.(Math.min(100, Math.floor((loaded / total) * 100)), { loaded, total });
      },
      onSuccess: ({ lastResponse }) => resolve(parseUploadAnswer(200, lastResponse.getBody() ?? '')),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        resolve(parseUploadAnswer(response?.getStatus() ?? 0, response?.getBody() ?? ''));
      },
    });
    options.signal?.addEventListener(
      'abort',
      () => {
        // Stopped, not terminated: the bytes sent stay on the server, so the upload can be resumed.
        void upload.abort();
        resolve({ ok: false, status: 0, message: 'The upload was cancelled.' });
      },
      { once: true },
    );
    if (options.resume) upload.resumeFromPreviousUpload(options.resume);
    upload.start();
  });
}
