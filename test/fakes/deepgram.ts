import { randomUUID } from 'node:crypto';
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
 * A local stand-in for Deepgram's prerecorded API: `POST /v1/listen` answers in the documented
 * response shape (metadata, results.channels[0].alternatives[0] with transcript, confidence and
 * words with punctuated_word), and errors as `{ err_code, err_msg, request_id }`.
 */
export interface FakeDeepgramWord {
  punctuated: string;
  start: number;
  end: number;
}

export interface FakeDeepgramOptions {
  port?: number;
  /** The key the fake accepts ("Authorization: Token KEY"); any other gets 401. */
  apiKey?: string;
  words?: FakeDeepgramWord[];
  failures?: ScriptedFailure[];
  /**
   * Lets a test in another process script failures: `POST /__fake/failures` with a ScriptedFailure
   * as JSON appends it (the end-to-end tests, whose fake runs beside the app).
   */
  scriptable?: boolean;
}

export interface FakeDeepgram extends FakeServer {
  failures: ScriptedFailure[];
  /**
   * Keeps the next answers back until `release()`, so a transcription stays in flight (to kill the
   * worker waiting for it); `arrived` resolves when a request is being held.
   */
  hold(): { arrived: Promise<void>; release(): void };
}

/**
 * The test speech's sentence (test/support/fixtures.ts: SPEECH_SAMPLE_TEXT, 11.0 s) word by word,
 * with the times a speaker of the 1961 address took. The fake does not listen: it answers these
 * words, in Deepgram's shape, for any audio it is sent.
 */
export const JFK_WORDS: FakeDeepgramWord[] = [
  ['And', 0.32, 0.56],
  ['so', 0.64, 0.96],
  ['my', 1.04, 1.28],
  ['fellow', 1.36, 1.76],
  ['Americans,', 1.84, 2.72],
  ['ask', 3.28, 3.64],
  ['not', 3.76, 4.24],
  ['what', 4.88, 5.08],
  ['your', 5.16, 5.36],
  ['country', 5.44, 5.92],
  ['can', 6.08, 6.28],
  ['do', 6.36, 6.56],
  ['for', 6.64, 6.84],
  ['you,', 6.92, 7.36],
  ['ask', 8.16, 8.48],
  ['what', 8.56, 8.8],
  ['you', 8.88, 9.04],
  ['can', 9.12, 9.32],
  ['do', 9.4, 9.56],
  ['for', 9.64, 9.8],
  ['your', 9.88, 10.04],
  ['country.', 10.12, 10.64],
].map(([punctuated, start, end]) => ({
  punctuated: String(punctuated),
  start: Number(start),
  end: Number(end),
}));

const ERRORS: Record<number, [string, string]> = {
  401: ['INVALID_AUTH', 'Invalid credentials.'],
  402: ['ASR_PAYMENT_REQUIRED', 'Project does not have enough credits for an ASR request.'],
  429: ['TOO_MANY_REQUESTS', 'Too many requests. Please try again later'],
};

function errorBody(status: number) {
  const [code, message] = ERRORS[status] ?? ['INTERNAL_SERVER_ERROR', 'Internal server error.'];
  return { err_code: code, err_msg: message, request_id: randomUUID() };
}

/** Duration of a 16 kHz mono 16-bit WAV body (44-byte header), else of the words. */
function audioSeconds(bodyBytes: number, words: FakeDeepgramWord[]): number {
  if (bodyBytes > 44) return Math.round(((bodyBytes - 44) / 32_000) * 1000) / 1000;
  return words.at(-1)?.end ?? 0;
}

function transcription(words: FakeDeepgramWord[], bodyBytes: number, query: Record<string, string>) {
  const modelId = randomUUID();
  return {
    metadata: {
      transaction_key: 'deprecated',
      request_id: randomUUID(),
      sha256: 'f'.repeat(64),
      created: new Date().toISOString(),
      duration: audioSeconds(bodyBytes, words),
      channels: 1,
      models: [modelId],
      model_info: {
        [modelId]: {
          name: `general-${query.model ?? 'nova-3'}`,
          version: '2025-01-01.0',
          arch: query.model ?? 'nova-3',
        },
      },
    },
    results: {
      channels: [
        {
          alternatives: [
            {
              transcript: words.map((word) => word.punctuated).join(' '),
              confidence: 0.99,
              words: words.map((word) => ({
                word: word.punctuated.toLowerCase().replace(/[.,!?;:]/g, ''),
                start: word.start,
                end: word.end,
                confidence: 0.98,
                punctuated_word: word.punctuated,
              })),
            },
          ],
        },
      ],
    },
  };
}

export async function startFakeDeepgram(options: FakeDeepgramOptions = {}): Promise<FakeDeepgram> {
  const requests: FakeDeepgram['requests'] = [];
  const failures = options.failures ?? [];
  const words = options.words ?? JFK_WORDS;
  let gate: { arrive(): void; released: Promise<void> } | null = null;
  const hold = () => {
    let arrive = () => {};
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    gate = { arrive, released };
    return {
      arrived,
      release() {
        gate = null;
        release();
      },
    };
  };
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readBody(request);
    const seen = record(request, body);
    if (options.scriptable && seen.method === 'POST' && seen.path === '/__fake/failures') {
      failures.push(JSON.parse(body.toString()) as ScriptedFailure);
      return sendJson(response, 200, { failures });
    }
    requests.push(seen);
    if (seen.method !== 'POST' || seen.path !== '/v1/listen') return sendJson(response, 404, errorBody(404));
    const key = /^Token (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!key || (options.apiKey && key !== options.apiKey)) return sendJson(response, 401, errorBody(401));
    const failure = nextFailure(failures);
    if (failure) return sendJson(response, failure, errorBody(failure));
    if (gate) {
      gate.arrive();
      await gate.released;
    }
    if (!response.destroyed) sendJson(response, 200, transcription(words, seen.bodyBytes, seen.query));
  };
  const server = await listen((request, response) => void handle(request, response), options.port);
  return { ...server, requests, failures, hold };
}
