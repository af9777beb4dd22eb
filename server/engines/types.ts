import { z } from 'zod';
import { type InputLanguage, OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../../shared/languages';
import type { TimedWord } from '../../shared/subtitles';

export interface TranscriptionRequest {
  /** 16 kHz mono WAV extracted from the video. */
  audioFile: string;
  language: InputLanguage;
  /** Names and terms to recognise as written (the company's glossary): Whisper's prompt, Deepgram's keyterms. */
  vocabulary?: readonly string[];
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
  /** Per cue, the most characters its translation may have (a reading-speed cap); null for no limit. */
  maxCharacters?: readonly (number | null)[];
  /** The company's glossary terms that concern this pair. */
  glossary?: GlossaryTerms;
  /** 0–100, after each batch. */
  onProgress?: (percent: number) => void;
  /** What condensing within the translation achieved (translators that condense only). */
  onReport?: (report: CondensationReport) => void;
}

/** How a language model's condensing went: the figures of a video's compliance. */
export interface CondensationReport {
  asked: number;
  accepted: number;
  /** Indexes of the cues whose answer still missed its cap: the rule-based condenser takes them. */
  fallback: number[];
  retries: number;
}

/** Text translation that keeps exactly one output per input, so every cue keeps its timing. */
export interface Translator {
  readonly name: string;
  /** True when it honours `maxCharacters` (translates and condenses in one pass). */
  readonly condensesToCap?: boolean;
  translate(request: TranslationRequest): Promise<string[]>;
}

export interface CondenseCuesRequest {
  /** Every cue's text (context), and which of them to shorten to how many characters. */
  texts: readonly string[];
  targets: readonly { index: number; maxCharacters: number }[];
  language: OutputLanguage;
  glossary?: GlossaryTerms;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface CondensedCues {
  /** Accepted shorter texts by cue index; a target missing here is left to the rule-based condenser. */
  texts: Map<number, string>;
  report: CondensationReport;
}

/** The OpenAI-compatible chat endpoint of LLM_URL: translates, and condenses to a plan's cap. */
export interface LanguageModel extends Translator {
  readonly model: string;
  condense(request: CondenseCuesRequest): Promise<CondensedCues>;
  /** Whether the endpoint answers now; rejects with the reason. */
  check(): Promise<void>;
}

/** A failure an engine reports that retrying will not mend (bad key, unsupported language). */
export class EngineRefused extends Error {}

/** A transient failure (rate limit, 5xx, network): the job step is retried with backoff. */
export class EngineUnavailable extends Error {}

/** The language model's endpoint did not answer (after retries): the step is retried, then fails and refunds. */
export class LanguageModelUnavailable extends EngineUnavailable {}

/** The language model's endpoint refused (bad key, unknown model), or a cue could not be translated. */
export class LanguageModelRefused extends EngineRefused {}

/** The local speech model could not be found or fetched; its `cause` says why. Retried like any outage. */
export class SpeechModelUnavailable extends EngineUnavailable {}

/** A company's terms: names kept exactly as written, and terms with a fixed translation. */
export interface GlossaryTerms {
  keep: string[];
  /** Source term → its translation in the target language. */
  fixed: { term: string; translation: string }[];
}
