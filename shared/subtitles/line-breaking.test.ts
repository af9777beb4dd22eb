import { describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../languages';
import { languageProfile } from './language-profile';
import { breakLines } from './line-breaking';
import { displayWidth } from './text-width';

function linesOf(text: string, language: OutputLanguage): string[] {
  return breakLines(text, language).split('\n');
}

function widthOf(line: string, language: OutputLanguage): number {
  return displayWidth(line, languageProfile(language).widthRule);
}

/** Offsets in `text` where Intl.Segmenter puts a word boundary. */
function wordBoundaries(text: string, language: string): Set<number> {
  const boundaries = new Set<number>([0, text.length]);
  for (const part of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
    boundaries.add(part.index);
    boundaries.add(part.index + part.segment.length);
  }
  return boundaries;
}

const lastWord = (line: string) => line.split(' ').at(-1)?.toLowerCase() ?? '';
const firstWord = (line: string) => line.split(' ')[0]?.toLowerCase() ?? '';

describe('breakLines in Latin-script languages', () => {
  it('keeps text that fits on one line on one line', () => {
    expect(linesOf('This fits on a single line of text.', 'en')).toEqual([
      'This fits on a single line of text.',
    ]);
  });

  it('uses at most two lines of at most 42 characters', () => {
    const lines = linesOf(
      'We were walking along the river when the storm began, so we ran back home quickly.',
      'en',
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
  });

  it('breaks after punctuation', () => {
    expect(linesOf('When we finally reached the station, the last train had already gone.', 'en')[0]).toBe(
      'When we finally reached the station,',
    );
  });

  it('breaks before a conjunction rather than inside a phrase', () => {
    const lines = linesOf('My sister bought a beautiful old house and she painted it blue.', 'en');
    expect(firstWord(lines[1] ?? '')).toBe('and');
  });

  it('never ends a line on an article, a subject pronoun or a negation when it can avoid it', () => {
    const sentences = [
      'She finally decided to buy the expensive red bicycle from the shop.',
      'Tomorrow morning I will probably not be able to come to the meeting.',
      'The children were playing in a garden behind an old abandoned house.',
      'After all these years we still remember the summer we spent together.',
    ];
    for (const sentence of sentences) {
      const [top = ''] = linesOf(sentence, 'en');
      expect(['a', 'an', 'the', 'i', 'we', 'not', 'will'], sentence).not.toContain(lastWord(top));
    }
  });

  it('keeps a first and last name together', () => {
    const lines = linesOf('Yesterday afternoon I ran into Jonathan Livingstone at the station.', 'en');
    expect(lines.some((line) => line.includes('Jonathan Livingstone'))).toBe(true);
  });

  it('makes the bottom line the longer one when the break points are equal', () => {
    const [top = '', bottom = ''] = linesOf(
      'alpha bravo charlie delta echo foxtrot golf hotel india juliet',
      'en',
    );
    expect(bottom.length).toBeGreaterThanOrEqual(top.length);
    expect(Math.abs(bottom.length - top.length)).toBeLessThan(12);
  });

  it('keeps long Dutch, German and French compound words whole within 42 characters', () => {
    const texts: [OutputLanguage, string][] = [
      ['de', 'Die Geschwindigkeitsbegrenzung wurde vom Bundesverfassungsgericht bestätigt.'],
      ['nl', 'De arbeidsongeschiktheidsverzekering van de werkgever dekt de ziekenhuiskosten.'],
      ['fr', 'Le gouvernement a présenté une proposition rédigée anticonstitutionnellement.'],
    ];
    for (const [language, text] of texts) {
      const lines = linesOf(text, language);
      expect(lines.join(' ')).toBe(text);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(42);
      expect(['die', 'der', 'de', 'het', 'le', 'la', 'une', 'van'], text).not.toContain(
        lastWord(lines[0] ?? ''),
      );
    }
  });

  it('gives a word longer than a line a line of its own, with its article, unbroken', () => {
    const lines = linesOf(
      'Das Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz wurde aufgehoben.',
      'de',
    );
    expect(lines).toEqual([
      'Das Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz',
      'wurde aufgehoben.',
    ]);
  });

  it('does not start a Hindi line with a postposition or an auxiliary', () => {
    const text = 'राम ने कल सुबह बाज़ार से बहुत सारी ताज़ी सब्ज़ियाँ और मीठे फल खरीदे और फिर घर वापस आ गया।';
    const lines = linesOf(text, 'hi');
    expect(lines.join(' ')).toBe(text);
    expect(lines).toHaveLength(2);
    expect(['का', 'की', 'के', 'को', 'में', 'से', 'ने', 'पर', 'है', 'था']).not.toContain(firstWord(lines[1] ?? ''));
  });
});

describe('breakLines in languages written without spaces', () => {
  const texts: [OutputLanguage, string][] = [
    ['ja', '昨日は友達とレストランで晩ご飯を食べました。'],
    ['zh', '我们明天早上要去北京看长城，然后下午回家吃饭。'],
    ['th', 'วันนี้อากาศดีมากเราจึงตัดสินใจไปเที่ยวทะเลกับครอบครัว'],
  ];

  it('breaks Japanese, Chinese and Thai only at word boundaries, within the line width', () => {
    for (const [language, text] of texts) {
      const lines = linesOf(text, language);
      expect(lines.join('')).toBe(text);
      expect(lines).toHaveLength(2);
      const breakAt = (lines[0] ?? '').length;
      expect(wordBoundaries(text, language).has(breakAt), `${language}: ${lines.join(' | ')}`).toBe(true);
      for (const line of lines)
        expect(widthOf(line, language)).toBeLessThanOrEqual(languageProfile(language).maxLineWidth);
    }
  });

  it('breaks Chinese after its comma and never starts a line with punctuation', () => {
    const [top = '', bottom = ''] = linesOf('我们明天早上要去北京看长城，然后下午回家吃饭。', 'zh');
    expect(top.endsWith('，')).toBe(true);
    expect(bottom).not.toMatch(/^[，。！？、]/u);
  });

  it('keeps Japanese lines to 13 full-width characters', () => {
    for (const line of linesOf('東京駅から新幹線に乗って大阪まで行きます。', 'ja')) {
      expect(widthOf(line, 'ja')).toBeLessThanOrEqual(13);
    }
  });

  it('breaks Korean at spaces, counting Latin letters and spaces as half', () => {
    const text = '저는 오늘 아침에 친구와 함께 OK 카페에서 커피를 마셨어요';
    const lines = linesOf(text, 'ko');
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(widthOf(line, 'ko')).toBeLessThanOrEqual(16);
  });
});
