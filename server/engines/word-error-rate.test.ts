import { describe, expect, it } from 'vitest';
import { combinedWordErrorRate, normalisedWords, wordErrorRate } from './word-error-rate';

const JFK =
  'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

describe('word error rate', () => {
  it('ignores case and punctuation', () => {
    expect(normalisedWords('And so, my fellow "Americans"!')).toEqual([
      'and',
      'so',
      'my',
      'fellow',
      'americans',
    ]);
    expect(wordErrorRate(JFK, JFK.toUpperCase().replace(/[,.]/g, ''))).toEqual({
      errors: 0,
      referenceWords: 22,
      rate: 0,
    });
  });

  it('keeps apostrophes inside words', () => {
    expect(normalisedWords("Don't say ‘no’, it’s fine")).toEqual(["don't", 'say', 'no', "it's", 'fine']);
  });

  it('counts substitutions, deletions and insertions against the reference length', () => {
    // one substitution (country → county), one deletion (so), one insertion (well)
    const hypothesis =
      'Well and my fellow Americans ask not what your county can do for you ask what you can do for your country';
    const result = wordErrorRate(JFK, hypothesis);
    expect(result.errors).toBe(3);
    expect(result.rate).toBeCloseTo(3 / 22);
  });

  it('is 100% for an empty transcript', () => {
    expect(wordErrorRate(JFK, '').rate).toBe(1);
  });

  it('weighs samples by their length when combined', () => {
    const combined = combinedWordErrorRate([
      { errors: 1, referenceWords: 10, rate: 0.1 },
      { errors: 0, referenceWords: 30, rate: 0 },
    ]);
    expect(combined.rate).toBeCloseTo(1 / 40);
  });
});
