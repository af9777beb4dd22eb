import { onFirstUse } from '../first-use';
import type { Transcriber, Translator } from './types';

/** A transcriber whose SDK is imported on its first transcription, not at start-up. */
export function lazyTranscriber(
  identity: Pick<Transcriber, 'name' | 'canTranslateToEnglish'>,
  load: () => Promise<Transcriber>,
): Transcriber {
  const engine = onFirstUse(load);
  return { ...identity, transcribe: async (request) => (await engine()).transcribe(request) };
}

/** A translator whose SDK is imported on its first translation, not at start-up. */
export function lazyTranslator(name: string, load: () => Promise<Translator>): Translator {
  const engine = onFirstUse(load);
  return { name, translate: async (request) => (await engine()).translate(request) };
}
