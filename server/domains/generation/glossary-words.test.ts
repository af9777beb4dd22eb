import { describe, expect, it } from 'vitest';
import { wordsToCues } from '../../../shared/subtitles';
import { joinGlossaryTerms } from './glossary-words';

const spoken = (text: string) =>
  text.split(' ').map((word, index) => ({ text: word, start: index * 0.4, end: index * 0.4 + 0.3 }));

describe('multi-word glossary terms', () => {
  it('become one word, whatever their case and punctuation, timed from first to last', () => {
    const words = joinGlossaryTerms(spoken('We insure with zorgverzekeraar XYZ, since 2020.'), [
      'Zorgverzekeraar XYZ',
      'Kubernetes',
    ]);
    expect(words.map((word) => word.text)).toEqual([
      'We',
      'insure',
      'with',
      'zorgverzekeraar XYZ,',
      'since',
      '2020.',
    ]);
    expect(words[3]?.start).toBeCloseTo(1.2);
    expect(words[3]?.end).toBeCloseTo(1.9);
  });

  it('are never split between cues or lines', () => {
    const text = Array.from({ length: 12 }, () => 'Zorgverzekeraar XYZ pays for it').join(' ');
    const cues = wordsToCues(joinGlossaryTerms(spoken(text), ['Zorgverzekeraar XYZ']), { language: 'en' });
    expect(cues.length).toBeGreaterThan(2);
    for (const cue of cues) {
      expect(cue.text).not.toMatch(/Zorgverzekeraar\n|Zorgverzekeraar$|^XYZ/m);
    }
  });
});
