import { describe, expect, it } from 'vitest';
import { OUTPUT_LANGUAGE_CODES } from '../../shared/languages';
import { canReach, reachableOutputs } from './reachability';
import type { Transcriber, Translator } from './types';

function transcriber(canTranslateToEnglish: boolean): Transcriber {
  return { name: 'test', canTranslateToEnglish, transcribe: async () => ({ words: [], language: 'en' }) };
}
const translator: Translator = { name: 'test', translate: async ({ texts }) => texts };

describe('reachable output languages', () => {
  it('local Whisper alone: the spoken language, and English through its translate task', () => {
    const engines = { transcriber: transcriber(true), translator: null };
    expect(reachableOutputs(engines, 'de')).toEqual(['en', 'de']);
    expect(reachableOutputs(engines, 'en')).toEqual(['en']);
    expect(canReach(engines, 'fr', 'ja')).toBe(false);
  });

  it('Deepgram alone: only the spoken language', () => {
    const engines = { transcriber: transcriber(false), translator: null };
    expect(reachableOutputs(engines, 'de')).toEqual(['de']);
    expect(canReach(engines, 'de', 'en')).toBe(false);
  });

  it('with a text translator: every output language from every input language', () => {
    for (const engines of [
      { transcriber: transcriber(false), translator },
      { transcriber: transcriber(true), translator },
    ]) {
      expect(reachableOutputs(engines, 'sv')).toEqual(OUTPUT_LANGUAGE_CODES);
      expect(canReach(engines, 'nl', 'th')).toBe(true);
    }
  });
});
