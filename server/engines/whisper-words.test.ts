import { describe, expect, it } from 'vitest';
import { speechWords, type TimedToken, wordsFromTokens } from './whisper-words';

/** Tokens as whisper.cpp gives them with maxLen 1: one per segment, a leading space starts a word. */
function tokens(...pieces: [string, number, number][]): TimedToken[] {
  return pieces.map(([text, start, end]) => ({ text, start, end }));
}

const words = (texts: string[]) => texts.map((text, index) => ({ text, start: index, end: index + 0.5 }));

describe('words from Whisper tokens', () => {
  it('merges sub-word pieces and attaches punctuation, spanning their times', () => {
    const result = wordsFromTokens(
      tokens(
        [' And', 0.3, 0.5],
        [' fellow', 1.3, 1.7],
        [' Americ', 1.8, 2.3],
        ['ans', 2.3, 2.6],
        [',', 2.6, 2.7],
      ),
    );
    expect(result).toEqual([
      { text: 'And', start: 0.3, end: 0.5 },
      { text: 'fellow', start: 1.3, end: 1.7 },
      { text: 'Americans,', start: 1.8, end: 2.7 },
    ]);
  });

  it('drops control tokens', () => {
    const result = wordsFromTokens(
      tokens(['[_BEG_]', 0, 0], [' Hello', 0, 0.4], ['[_TT_50]', 0.5, 0.5], ['<|endoftext|>', 1, 1]),
    );
    expect(result.map((word) => word.text)).toEqual(['Hello']);
  });

  it('keeps French spaced punctuation with its word behind a no-break space', () => {
    const result = wordsFromTokens(
      tokens([' Comment', 0, 0.3], [' ça', 0.3, 0.5], [' va', 0.5, 0.7], [' ?', 0.7, 0.8]),
    );
    expect(result.map((word) => word.text)).toEqual(['Comment', 'ça', 'va\u00a0?']);
  });

  it('glues an opening quote to the word it opens', () => {
    const result = wordsFromTokens(
      tokens([' "', 0, 0.1], ['Hello', 0.1, 0.4], ['"', 0.4, 0.5], [' there', 0.5, 0.8]),
    );
    expect(result.map((word) => word.text)).toEqual(['"Hello"', 'there']);
  });

  it('never ends a word before it starts', () => {
    const [word] = wordsFromTokens(tokens([' odd', 2, 1.5]));
    expect(word?.end).toBeGreaterThanOrEqual(word?.start ?? 0);
  });
});

describe('speech words', () => {
  it('drops non-speech markers such as [BLANK_AUDIO], (music) and notes', () => {
    const merged = wordsFromTokens(
      tokens(
        [' [', 0, 0.1],
        ['BL', 0.1, 0.2],
        ['ANK', 0.2, 0.3],
        ['_', 0.3, 0.3],
        ['AUDIO', 0.3, 0.5],
        [']', 0.5, 0.6],
      ),
    );
    expect(merged.map((word) => word.text)).toEqual(['[BLANK_AUDIO]']);
    const result = speechWords(
      words(['[BLANK_AUDIO]', 'Hello', '(upbeat', 'music)', '♪', 'world.', '*laughs*']),
    );
    expect(result.map((word) => word.text)).toEqual(['Hello', 'world.']);
  });

  it('keeps one copy of a phrase repeated in a decoding loop, and ordinary repeats', () => {
    const loop = ['Thank', 'you.', 'Thank', 'you.', 'Thank', 'you.', 'Thank', 'you.', 'Bye.'];
    expect(speechWords(words(loop)).map((word) => word.text)).toEqual(['Thank', 'you.', 'Bye.']);
    const speech = ['No,', 'no,', 'no.', 'Ask', 'what', 'you', 'can', 'do'];
    expect(speechWords(words(speech)).map((word) => word.text)).toEqual(speech);
  });
});
