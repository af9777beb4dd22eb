import { type InputLanguage, OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../../shared/languages';
import type { Engines } from './engines';

type EngineChoice = Pick<Engines, 'transcriber' | 'translator'>;

/**
 * Whether a video spoken in `from` can get subtitles in `to` with these engines: the same language
 * always; any pair through a text translator; English also through a transcriber that translates
 * while it listens (Whisper's translate task).
 */
export function canReach(engines: EngineChoice, from: InputLanguage, to: OutputLanguage): boolean {
  if (from === to) return true;
  if (engines.translator) return true;
  return to === 'en' && engines.transcriber.canTranslateToEnglish;
}

/**
 * The output languages an input language can reach, in the order of PRODUCT.md §9 (what the upload form
 * marks).
 */
export function reachableOutputs(engines: EngineChoice, input: InputLanguage): OutputLanguage[] {
  return OUTPUT_LANGUAGE_CODES.filter((output) => canReach(engines, input, output));
}
