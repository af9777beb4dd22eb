import os from 'node:os';
import type { TranscribeOptions } from '@fugood/whisper.node';
import type { TimedWord } from '../../shared/subtitles';
import type { Logger } from '../logger';
import type { Transcriber, Transcript, TranscriptionRequest } from './types';
import { openPcmWav, type PcmWav, quietestCut, SAMPLE_RATE } from './wav-windows';
import { type LoadWhisperModel, loadWhisperModel, type WhisperSession } from './whisper-context';
import { speechWords, type TimedToken, wordsFromTokens } from './whisper-words';

export interface WhisperLocalOptions {
  /** The model file, resolved (and downloaded if need be) on first use, not at start-up. */
  modelFile: () => Promise<string>;
  logger: Logger;
  /** Defaults to every core of the machine. */
  threads?: number;
  /**
   * Audio is transcribed in windows of this length. The binding cannot interrupt whisper.cpp
   * mid-run, so a window bounds how long a cancelled job keeps the CPU busy; it also keeps memory
   * flat for long videos.
   */
  windowSeconds?: number;
  loadModel?: LoadWhisperModel;
}

const DEFAULT_WINDOW_SECONDS = 120;
/** A window ends at the quietest moment of its last 10 s, between words. */
const CUT_SEARCH_SECONDS = 10;

interface Window {
  start: number;
  pcm: Buffer;
  sampleCount: number;
}

async function nextWindow(wav: PcmWav, start: number, windowSamples: number): Promise<Window> {
  const pcm = await wav.read(start, windowSamples);
  const isLast = start + windowSamples >= wav.sampleCount;
  const searchSamples = Math.min(CUT_SEARCH_SECONDS * SAMPLE_RATE, Math.floor(windowSamples / 4));
  const cut = isLast ? pcm.length / 2 : quietestCut(pcm, searchSamples);
  return { start, pcm: pcm.subarray(0, cut * 2), sampleCount: cut };
}

/** Runs one window; an abort stops it (the binding finishes its current step in the background). */
function transcribeWindow(
  session: WhisperSession,
  window: Window,
  options: TranscribeOptions,
  signal?: AbortSignal,
) {
  signal?.throwIfAborted();
  // The binding wants an ArrayBuffer of exactly these samples (host byte order = WAV's little-endian).
  const audio = new ArrayBuffer(window.pcm.length);
  new Uint8Array(audio).set(window.pcm);
  const job = session.transcribeData(audio, options);
  return new Promise<TimedToken[]>((resolve, reject) => {
    const onAbort = () => {
      void job.stop();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    job.promise
      .then((result) => {
        const offsetSeconds = window.start / SAMPLE_RATE;
        // With tokenTimestamps and maxLen 1 every segment is one token; t0/t1 are milliseconds.
        resolve(
          result.segments.map((segment) => ({
            text: segment.text,
            start: offsetSeconds + segment.t0 / 1000,
            end: offsetSeconds + segment.t1 / 1000,
          })),
        );
      }, reject)
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}

/** whisper.cpp reports progress per 30 s chunk and can overshoot 100 on short audio: clamp it. */
function progressTracker(total: number, onProgress?: (percent: number) => void) {
  let reported = -1;
  return (doneSamples: number, windowSamples: number, windowPercent: number) => {
    const fraction = Math.min(100, Math.max(0, windowPercent)) / 100;
    const percent = Math.floor(((doneSamples + fraction * windowSamples) / Math.max(1, total)) * 100);
    if (percent > reported && percent <= 100) {
      reported = percent;
      onProgress?.(percent);
    }
  };
}

function whisperOptions(request: TranscriptionRequest, threads: number): TranscribeOptions {
  return {
    language: request.language,
    translate: request.translateToEnglish === true,
    maxThreads: threads,
    // Token timestamps with segments of one token each give a time for every word piece.
    tokenTimestamps: true,
    maxLen: 1,
    // No conditioning on earlier text: it feeds Whisper's repetition loops (SUBTITLES.md failure 4).
    maxContext: 0,
  };
}

async function transcribeWav(
  session: WhisperSession,
  wav: PcmWav,
  request: TranscriptionRequest,
  settings: { threads: number; windowSamples: number },
): Promise<TimedWord[]> {
  const report = progressTracker(wav.sampleCount, request.onProgress);
  const words: TimedWord[] = [];
  report(0, 0, 0);
  for (let start = 0; start < wav.sampleCount; ) {
    const window = await nextWindow(wav, start, settings.windowSamples);
    const options = {
      ...whisperOptions(request, settings.threads),
      onProgress: (percent: number) => report(window.start, window.sampleCount, percent),
    };
    const tokens = await transcribeWindow(session, window, options, request.signal);
    // Merged per window, so a window's first word never glues onto the last word of the one before.
    words.push(...wordsFromTokens(tokens));
    start += Math.max(1, window.sampleCount);
    report(start, 0, 0);
  }
  return words;
}

/** Local speech recognition with whisper.cpp through @fugood/whisper.node. */
export function createWhisperTranscriber(options: WhisperLocalOptions): Transcriber {
  const threads = options.threads ?? os.availableParallelism();
  const windowSamples = Math.round((options.windowSeconds ?? DEFAULT_WINDOW_SECONDS) * SAMPLE_RATE);
  const loadModel = options.loadModel ?? loadWhisperModel;
  return {
    name: 'whisper',
    canTranslateToEnglish: true,
    async transcribe(request): Promise<Transcript> {
      request.signal?.throwIfAborted();
      const session = await loadModel(await options.modelFile(), options.logger);
      const wav = await openPcmWav(request.audioFile);
      try {
        const words = await transcribeWav(session, wav, request, { threads, windowSamples });
        request.onProgress?.(100);
        return {
          words: speechWords(words),
          language: request.translateToEnglish ? 'en' : request.language,
        };
      } finally {
        await wav.close();
      }
    },
  };
}
