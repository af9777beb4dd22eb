import { z } from 'zod';
import { type InputLanguage, OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../../shared/languages';
import type { Condenser, TimedWord } from '../../shared/subtitles';
import type { SpeechReadiness } from './speech-readiness';

export interface TranscriptionRequest {
  /** 16 kHz mono WAV extracted from the video. */
  audioFile: string;
  language: InputLanguage;
  /** Ask the engine to translate the speech into English while transcribing (Whisper's translate task). */
  translateToEnglish?: boolean;
  signal?: AbortSignal;
  /** 0–100. */
  onProgress?: (percent: number) => void;
}

export interface Transcript {
  /** Words with times in seconds from the start of the audio, punctuation attached. Empty when no speech was found. */
  words: TimedWord[];
  /** The language the words are in (English after a translate task). */
  language: OutputLanguage;
}

/** A transcript as the generate chain stores it between its steps (words.json), read back checked. */
export const storedTranscript = z.object({
  words: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      text: z.string(),
      confidence: z.number().min(0).max(1).optional(),
    }),
  ),
  language: z.enum(OUTPUT_LANGUAGE_CODES),
}) satisfies z.ZodType<Transcript>;

/** Speech to timed words: local Whisper by default, Deepgram when configured. */
export interface Transcriber {
  readonly name: string;
  readonly canTranslateToEnglish: boolean;
  transcribe(request: TranscriptionRequest): Promise<Transcript>;
}

export interface TranslationRequest {
  /** Cue texts in order; neighbours give each other context. */
  texts: string[];
  from: OutputLanguage;
  to: OutputLanguage;
  signal?: AbortSignal;
}

/** Text translation that keeps exactly one output per input, so every cue keeps its timing. */
export interface Translator {
  readonly name: string;
  translate(request: TranslationRequest): Promise<string[]>;
}

/** A failure an engine reports that retrying will not mend (bad key, unsupported language). */
export class EngineRefused extends Error {}

/** A transient failure (rate limit, 5xx, network): the job step is retried with backoff. */
export class EngineUnavailable extends Error {}

/** The local speech model could not be found or fetched; its `cause` says why. Retried like any outage. */
export class SpeechModelUnavailable extends EngineUnavailable {}

/** The engines this server runs with, chosen from the configuration at start-up. */
export interface Engines {
  transcriber: Transcriber;
  /** Whether the transcriber can run now (its model may still be downloading). */
  speech: SpeechReadiness;
  /** Null when no text translator is configured: only same-language output (and Whisper's X → en). */
  translator: Translator | null;
  /** Shortens cues still over a reading-speed cap (CONDENSER_URL); null when not configured. */
  condenser: Condenser | null;
  /** One line for the start-up log: which engines run, and what they cannot do. */
  describe(): string;
}
