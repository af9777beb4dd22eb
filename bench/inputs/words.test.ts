import { describe, expect, it } from 'vitest';
import { loopWords } from './words';

const words = [
  { punctuated: 'And', start: 0.5, end: 1 },
  { punctuated: 'so.', start: 1.5, end: 2.5 },
];

describe('the sample looped to a clip length', () => {
  it('repeats the words every period, stopping at the end of the clip', () => {
    const looped = loopWords(words, 3, 8);
    expect(looped.map((word) => [word.start, word.end])).toEqual([
      [0.5, 1],
      [1.5, 2.5],
      [3.5, 4],
      [4.5, 5.5],
      [6.5, 7],
    ]);
  });

  it('varies every other repetition, so it never repeats a sentence back to back', () => {
    const looped = loopWords(words, 3, 12).map((word) => word.punctuated);
    expect(looped).toEqual(['And', 'so.', 'Now', 'so.', 'And', 'so.', 'Now', 'so.']);
  });

  it('refuses a period that would never advance', () => {
    expect(() => loopWords(words, 0, 10)).toThrow();
  });
});
