import os from 'node:os';
import type { TranscribeOptions } from '@fugood/whisper.node';
import type { TimedWord } from '../../shared/subtitles';
import type { Logger } from '../logger';
import {
  SpeechModelUnavailable,
  type Transcriber,
  type Transcript,
  type TranscriptionRequest,
} from './types';
import { openPcmWav, type PcmWav, quietestCut, SAMPLE_RATE } from './wav-windows';
import { type LoadWhisperModel, loadWhisperModel, type WhisperSession } from './whisper-context';
import { type AudioWindow, transcribeWindow } from './whisper-window';
import { speechWords, wordsFromTokens } from './whisper-words';

export interface WhisperLocalOptions {
  /** The model file, resolved (and downloaded if need be) on first use, not at start-up. */
  modelFile: () => Promise<string>;
  logger: Logger;
  /** Defaults to every core of the machine. */
  threads?: number;
  /**
   * Audio is transcribed in windows of this length: it keeps memory flat for long videos, and
   * bounds the audio a stalled run holds up before its Whisper process is killed.
   */
  windowSeconds?: number;
  /** Longest wait for one window (whisper.cpp can fail without ever answering through the binding). */
  stallTimeoutMs?: number;
  loadModel?: LoadWhisperModel;
}

const DEFAULT_WINDOW_SECONDS = 120;
/** A window ends at the quietest moment of its last 10 s, between words. */
const CUT_SEARCH_SECONDS = 10;

async function nextWindow(wav: PcmWav, start: number, windowSamples: number): Promise<AudioWindow> {
  const pcm = await wav.read(start, windowSamples);
  const isLast = start + windowSamples >= wav.sampleCount;
  const searchSamples = Math.min(CUT_SEARCH_SECONDS * SAMPLE_RATE, Math.floor(windowSamples / 4));
  const cut = isLast ? pcm.length / 2 : quietestCut(pcm, searchSamples);
  return { start, pcm: pcm.subarray(0, cut * 2), sampleCount: cut };
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

/** Whisper reads at most 224 prompt tokens; a few hundred characters of names stay within. */
const MAX_PROMPT_CHARACTERS = 600;

export function whisperPrompt(vocabulary: readonly string[]): string {
  let prompt = '';
  for (const term of vocabulary) {
    const next = prompt ? `${prompt}, ${term}` : term;
    if (next.length > MAX_PROMPT_CHARACTERS) break;
    prompt = next;
  }
  return `${prompt}.`;
}

function whisperOptions(request: TranscriptionRequest, threads: number): TranscribeOptions {
  return {
    language: request.language,
    translate: request.translateToEnglish === true,
    maxThreads: threads,
    // Token timestamps with segments of one token each give a time for every word piece.
    tokenTimestamps: true,
    maxLen: 1,
    // No conditioning on earlier text: it feeds Whisper's repetition loops (SUBTITLE-STYLE.md failure 4).
    maxContext: 0,
    // The initial prompt spells the company's names, so Whisper writes them the same way.
    ...(request.vocabulary?.length ? { prompt: whisperPrompt(request.vocabulary) } : {}),
  };
}

async function transcribeWav(
  session: WhisperSession,
  wav: PcmWav,
  request: TranscriptionRequest,
  settings: { threads: number; windowSamples: number; stallTimeoutMs: number },
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
    const tokens = await transcribeWindow(session, window, options, {
      signal: request.signal,
      stallTimeoutMs: settings.stallTimeoutMs,
    });
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
  const windowSeconds = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const windowSamples = Math.round(windowSeconds * SAMPLE_RATE);
  // Ten times real time, at least 10 minutes: far beyond any model on a slow machine.
  const stallTimeoutMs = options.stallTimeoutMs ?? Math.max(600_000, windowSeconds * 10_000);
  const loadModel = options.loadModel ?? loadWhisperModel;
  return {
    name: 'whisper',
    canTranslateToEnglish: true,
    async transcribe(request): Promise<Transcript> {
      request.signal?.throwIfAborted();
      const modelFile = await options.modelFile().catch((error: unknown) => {
        throw new SpeechModelUnavailable('The speech model is not available', { cause: error });
      });
      const session = await loadModel(modelFile, options.logger);
      const wav = await openPcmWav(request.audioFile);
      try {
        const words = await transcribeWav(session, wav, request, { threads, windowSamples, stallTimeoutMs });
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
