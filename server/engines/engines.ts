import type { LanguageModelHealth } from './llm/health';
import type { SpeechReadiness } from './speech-readiness';
import type { LanguageModel, Transcriber, Translator } from './types';

/** The engines this server runs with, chosen from the configuration at start-up. */
export interface Engines {
  transcriber: Transcriber;
  /** Whether the transcriber can run now (its model may still be downloading). */
  speech: SpeechReadiness;
  /** Null when no text translator is configured: only same-language output (and Whisper's X → en). */
  translator: Translator | null;
  /** LLM_URL's model: condenses cues over a reading-speed cap (and may be the translator); null when not configured. */
  languageModel: LanguageModel | null;
  /** The language model's reachability, checked at start and on the admins' overview. */
  languageModelHealth: LanguageModelHealth;
  /** One line for the start-up log: which engines run, and what they cannot do. */
  describe(): string;
}
