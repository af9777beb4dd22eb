import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../lib/same-origin-fetch';
import { parseUploadAnswer, type UploadAnswer } from './upload-answer';

export interface SendUploadOptions {
  /** Called with the percent of bytes sent (0–100), and the bytes sent of how many. */
  onProgress?: (percent: number, bytes?: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
  /** Called with the answer's body, for a caller that reads more of it than `UploadAnswer` keeps. */
  onBody?: (body: string) => void;
}

/**
 * POSTs a multipart form with XMLHttpRequest, the one browser API that reports bytes sent. Carries
 * the session cookie and echoes the anti-forgery cookie like `sameOriginFetch` does for fetch.
 */
export function sendUpload(
  path: string,
  form: FormData,
  options: SendUploadOptions = {},
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
        options.onProgress?.(percent, { loaded: event.loaded, total: event.total });
      }
    };
    request.upload.onload = () => options.onProgress?.(100);
    request.onload = () => {
      options.onBody?.(request.responseText);
      resolve(parseUploadAnswer(request.status, request.responseText));
    };
    request.onerror = () => resolve(parseUploadAnswer(0, ''));
    request.onabort = () => resolve({ ok: false, status: 0, message: 'The upload was cancelled.' });
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
