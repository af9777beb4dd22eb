import type http from 'node:http';
import {
  type FakeServer,
  listen,
  nextFailure,
  readBody,
  record,
  type ScriptedFailure,
  sendJson,
} from './fake-http';

/**
 * A local stand-in for Google Cloud Translation v2: `POST /language/translate/v2?key=KEY` with
 * `{ q, target, source?, format }` answers `{ data: { translations: [{ translatedText,
 * detectedSourceLanguage? }] } }`, and errors in Google's `{ error: { code, message, errors,
 * status } }` shape. The "translation" is deterministic: each text prefixed with `[target] `,
 * HTML-escaped the way the real API escapes quotes even in text format (HTML is answered as HTML).
 */
export interface FakeGoogleTranslateOptions {
  port?: number;
  /** The key the fake accepts; any other gets Google's 400 "API key not valid". */
  apiKey?: string;
  failures?: ScriptedFailure[];
  /** Answers one translation fewer than asked (a broken contract the engine must refuse). */
  dropOneTranslation?: boolean;
}

export interface FakeGoogleTranslate extends FakeServer {
  failures: ScriptedFailure[];
  /** The v2 endpoint to configure: GOOGLE_TRANSLATE_ENDPOINT. */
  endpoint: string;
  /** The `q` arrays received, per request. */
  batches: string[][];
}

/** Google's documented cap on text segments per request. */
const MAX_SEGMENTS = 128;

const STATUS_NAMES: Record<number, [string, string]> = {
  400: ['INVALID_ARGUMENT', 'badRequest'],
  403: ['PERMISSION_DENIED', 'forbidden'],
  429: ['RESOURCE_EXHAUSTED', 'rateLimitExceeded'],
};

function errorBody(code: number, message: string) {
  const [status, reason] = STATUS_NAMES[code] ?? ['INTERNAL', 'backendError'];
  return { error: { code, message, errors: [{ message, domain: 'global', reason }], status } };
}

function escapeLikeGoogle(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface TranslateBody {
  q?: string | string[];
  target?: string;
  source?: string;
  format?: string;
}

function translations(body: TranslateBody, dropOne: boolean) {
  const texts = Array.isArray(body.q) ? body.q : body.q === undefined ? [] : [body.q];
  const answered = dropOne ? texts.slice(0, -1) : texts;
  // HTML comes back as HTML (its translate="no" spans as sent); text comes back escaped.
  return answered.map((text) => ({
    translatedText:
      body.format === 'html' ? `[${body.target}] ${text}` : escapeLikeGoogle(`[${body.target}] ${text}`),
    ...(body.source ? {} : { detectedSourceLanguage: 'en' }),
  }));
}

export async function startFakeGoogleTranslate(
  options: FakeGoogleTranslateOptions = {},
): Promise<FakeGoogleTranslate> {
  const requests: FakeGoogleTranslate['requests'] = [];
  const batches: string[][] = [];
  const failures = options.failures ?? [];
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = await readBody(request);
    const seen = record(request, raw);
    requests.push(seen);
    if (seen.method !== 'POST' || seen.path !== '/language/translate/v2') {
      return sendJson(response, 404, errorBody(404, 'Not found'));
    }
    if (!seen.query.key || (options.apiKey && seen.query.key !== options.apiKey)) {
      return sendJson(response, 400, errorBody(400, 'API key not valid. Please pass a valid API key.'));
    }
    const failure = nextFailure(failures);
    if (failure) return sendJson(response, failure, errorBody(failure, `Scripted failure ${failure}`));
    const body = JSON.parse(raw.toString('utf8')) as TranslateBody;
    const texts = Array.isArray(body.q) ? body.q : [body.q ?? ''];
    batches.push(texts);
    if (texts.length > MAX_SEGMENTS) return sendJson(response, 400, errorBody(400, 'Too many text segments'));
    if (!body.target) return sendJson(response, 400, errorBody(400, 'Target language is required'));
    sendJson(response, 200, {
      data: { translations: translations(body, options.dropOneTranslation === true) },
    });
  };
  const server = await listen((request, response) => void handle(request, response), options.port);
  return { ...server, requests, failures, batches, endpoint: `${server.url}/language/translate/v2` };
}
