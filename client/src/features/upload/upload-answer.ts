/** What an upload POST (REST, Strapi-shaped) came back with, reduced to what the screens act on. */
export type UploadAnswer =
  | {
      ok: true;
      videoId: number | null;
      /** What the server said about the subtitle file (`meta.notes`: repairs, warnings); absent when nothing. */
      notes?: string[];
    }
  | {
      ok: false;
      /** HTTP status; 0 when the server could not be reached. */
      status: number;
      message: string;
      /** Set on 402: the cents the company lacks for this video. */
      missingCents?: number;
    };

export const UPLOAD_FAILED_MESSAGE = 'The upload failed. Please check your connection and try again.';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** Reads `{ data: { id }, meta: { notes } }` on success and `{ error: { status, message, details } }` on failure. */
export function parseUploadAnswer(status: number, body: string): UploadAnswer {
  const json = parseJson(body);
  if (status >= 200 && status < 300) {
    const id = field(field(json, 'data'), 'id');
    const said = field(field(json, 'meta'), 'notes');
    const notes = Array.isArray(said) ? said.filter((note): note is string => typeof note === 'string') : [];
    return { ok: true, videoId: typeof id === 'number' ? id : null, ...(notes.length > 0 ? { notes } : {}) };
  }
  const error = field(json, 'error');
  const message = field(error, 'message');
  const missing = field(field(error, 'details'), 'missingCents');
  const known = typeof message === 'string' && message !== '' && status > 0 && status < 500;
  // A 503 carries a deliberate, readable message (e.g. generate mode not available yet); other 5xx do not.
  const readable = known || (status === 503 && typeof message === 'string' && message !== '');
  return {
    ok: false,
    status,
    message: readable ? (message as string) : UPLOAD_FAILED_MESSAGE,
    ...(typeof missing === 'number' ? { missingCents: missing } : {}),
  };
}
