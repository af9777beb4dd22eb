import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { type Deepgram, DeepgramClient, DeepgramError } from '@deepgram/sdk';
import type { TimedWord } from '../../shared/subtitles';
import {
  DEFAULT_RETRY_DELAYS_MS,
  describeError,
  type FailureVerdict,
  isTransientStatus,
  withRetries,
} from './retry';
import type { Transcriber, Transcript, TranscriptionRequest } from './types';

export interface DeepgramOptions {
  apiKey: string;
  /** Another API address (the tests' fake); Deepgram's own when unset. */
  baseUrl?: string;
  retryDelaysMs?: readonly number[];
}

/** Nova-3 covers all 8 input languages (Deepgram changelog, Aug–Sep 2025). */
const MODEL = 'nova-3';
/** Deepgram answers after processing the whole file: allow for a 30-minute video. */
const TIMEOUT_SECONDS = 600;
/** Upload is the part we can measure; the rest of the bar moves when Deepgram answers. */
const UPLOAD_SHARE = 90;

type DeepgramWord = Deepgram.ListenV1ResponseResultsChannelsItem.Alternatives.Item.Words.Item;

function errorReason(error: DeepgramError): string {
  const body = error.body;
  const message =
    body && typeof body === 'object' && 'err_msg' in body && typeof body.err_msg === 'string'
      ? body.err_msg
      : '';
  return `HTTP ${error.statusCode}${message ? `: ${message}` : ''}`;
}

/** Bad key, no credit or a bad request are refused; rate limits, 5xx and network trouble are retried. */
export function classifyDeepgramError(error: unknown): FailureVerdict {
  if (error instanceof DeepgramError && error.statusCode !== undefined) {
    const reason = errorReason(error);
    return isTransientStatus(error.statusCode) ? { kind: 'retryable', reason } : { kind: 'refused', reason };
  }
  return { kind: 'retryable', reason: describeError(error) };
}

/** `punctuated_word` is in Deepgram's documented answer but not in the SDK's types. */
function wordText(word: DeepgramWord): string {
  const punctuated =
    'punctuated_word' in word && typeof word.punctuated_word === 'string' ? word.punctuated_word : '';
  return (punctuated || word.word || '').trim();
}

export function wordsFromDeepgram(response: Deepgram.listen.v1.MediaTranscribeResponse): TimedWord[] {
  if (!('results' in response)) throw new Error('Deepgram answered without results (a callback request?)');
  const words = response.results.channels[0]?.alternatives?.[0]?.words ?? [];
  return words.flatMap((word) => {
    const text = wordText(word);
    const { start, end, confidence } = word;
    if (!text || start === undefined || end === undefined) return [];
    const timed = { text, start, end: Math.max(start, end) };
    return [typeof confidence === 'number' ? { ...timed, confidence } : timed];
  });
}

async function uploadWithProgress(audioFile: string, onProgress?: (percent: number) => void) {
  const { size } = await stat(audioFile);
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      onProgress?.(Math.floor((sent / Math.max(1, size)) * UPLOAD_SHARE));
      done(null, chunk);
    },
  });
  // Streamed from disk: the audio of a long video is never held in memory whole.
  const data = createReadStream(audioFile).pipe(counter);
  return { data, contentLength: size, contentType: 'audio/wav' };
}

/** Deepgram's documented limit: keyterms are capped at 500 tokens per request; 100 terms stay well within. */
const MAX_KEYTERMS = 100;

/** Prerecorded transcription with Deepgram's API, through @deepgram/sdk. */
export function createDeepgramTranscriber(options: DeepgramOptions): Transcriber {
  // The SDK's own retries are off: ours classify failures and give up with a reason.
  const client = new DeepgramClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0 });
  const transcribeOnce = async (request: TranscriptionRequest) =>
    client.listen.v1.media.transcribeFile(
      await uploadWithProgress(request.audioFile, request.onProgress),
      {
        model: MODEL,
        language: request.language,
        punctuate: true,
        // Nova-3's keyterm prompting: the company's names are recognised as written.
        ...(request.vocabulary?.length ? { keyterm: request.vocabulary.slice(0, MAX_KEYTERMS) } : {}),
      },
      { abortSignal: request.signal, timeoutInSeconds: TIMEOUT_SECONDS },
    );
  return {
    name: 'deepgram',
    canTranslateToEnglish: false,
    async transcribe(request): Promise<Transcript> {
      const response = await withRetries(() => transcribeOnce(request), {
        engine: 'Deepgram',
        delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
        classify: classifyDeepgramError,
        signal: request.signal,
      });
      request.onProgress?.(100);
      return { words: wordsFromDeepgram(response), language: request.language };
    },
  };
}
