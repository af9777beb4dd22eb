import { describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../languages';
import type { Cue } from './cue';
import { languageProfile } from './language-profile';
import type { TimedWord } from './recognised-words';
import { MAX_CUE_MS, MIN_CUE_MS, MIN_GAP_MS } from './standards';
import { displayWidth } from './text-width';
import { wordsToCues } from './words-to-cues';

/**
 * Words as a recogniser gives them, spoken one after another: `wordSeconds` each, `|` in the text is a
 * pause of `pauseSeconds`. Text without spaces is given as `chunks` (recognisers give characters or words).
 */
function speak(
  text: string,
  options: { start?: number; wordSeconds?: number; pauseSeconds?: number } = {},
): TimedWord[] {
  const { wordSeconds = 0.3, pauseSeconds = 0.8 } = options;
  let time = options.start ?? 0;
  const words: TimedWord[] = [];
  for (const part of text.split(/\s+/)) {
    if (part === '|') {
      time += pauseSeconds;
      continue;
    }
    words.push({ text: part, start: time, end: time + wordSeconds * 0.85 });
    time += wordSeconds;
  }
  return words;
}

function spokenText(cues: readonly Cue[], separator = ' '): string {
  return cues.map((cue) => cue.text.replaceAll('\n', separator)).join(separator);
}

function expectWellFormed(cues: readonly Cue[], language: OutputLanguage): void {
  const profile = languageProfile(language);
  cues.forEach((cue, index) => {
    const duration = cue.endMs - cue.startMs;
    expect(duration, cue.text).toBeGreaterThanOrEqual(MIN_CUE_MS);
    expect(duration, cue.text).toBeLessThanOrEqual(MAX_CUE_MS);
    expect(cue.text.split('\n').length, cue.text).toBeLessThanOrEqual(2);
    for (const line of cue.text.split('\n')) {
      expect(displayWidth(line, profile.widthRule), line).toBeLessThanOrEqual(profile.maxLineWidth);
    }
    const next = cues[index + 1];
    if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
  });
}

const STORY =
  'When I was a child, my grandmother lived in a small village by the sea. Every summer we took the train ' +
  'to visit her, and she always waited for us at the station with a basket of fresh strawberries. ' +
  'We spent the long afternoons on the beach, building castles and looking for shells. In the evening ' +
  'she told us stories about the fishermen who had lived there a hundred years ago.';

describe('wordsToCues', () => {
  it('keeps every word, in order, and makes well-formed cues', () => {
    const cues = wordsToCues(speak(STORY), { language: 'en' });
    expect(spokenText(cues)).toBe(STORY);
    expectWellFormed(cues, 'en');
    expect(cues.length).toBeGreaterThan(4);
  });

  it('ends cues at sentence ends when sentences fit in a cue', () => {
    const text =
      'Where are you going? I am going to the bakery. Do you want some bread? Yes, please, two loaves.';
    const cues = wordsToCues(speak(text), { language: 'en' });
    for (const cue of cues) expect(cue.text).toMatch(/[.?!]$/);
  });

  it('ends a cue at a pause', () => {
    const text =
      'we walked all the way down to the old harbour | and then we sat on the wall and looked at the boats coming in';
    const cues = wordsToCues(speak(text, { pauseSeconds: 0.7 }), { language: 'en' });
    expect(cues.some((cue) => cue.text.endsWith('harbour'))).toBe(true);
  });

  it('never lets a cue span a long silence, nor stay on more than 0.5 s after speech when nothing follows', () => {
    const words = [...speak('Are you there?'), ...speak('Hello? Is anyone home?', { start: 6 })];
    const cues = wordsToCues(words, { language: 'en' });
    expect(cues.map((cue) => cue.text)).toEqual(['Are you there?', 'Hello? Is anyone home?']);
    const lastWordOfFirstCue = words[2];
    expect(cues[0]?.endMs).toBe(Math.round(((lastWordOfFirstCue?.end ?? 0) + 0.5) * 1000));
    expect(cues[1]?.startMs).toBe(6000);
  });

  it('gives a single short word at least 5/6 s', () => {
    const cues = wordsToCues([{ text: 'Yes.', start: 2, end: 2.2 }], { language: 'en' });
    expect(cues).toEqual([
      { startMs: 2000, endMs: 2000 + MIN_CUE_MS, text: 'Yes.', spoken: { startMs: 2000, endMs: 2200 } },
    ]);
  });

  it('splits long speech without punctuation into cues of at most 7 s and two lines', () => {
    const rambling = Array.from({ length: 60 }, (_, index) => (index % 2 ? 'going' : 'keep')).join(' ');
    const cues = wordsToCues(speak(rambling, { wordSeconds: 0.6 }), { language: 'en' });
    expectWellFormed(cues, 'en');
    expect(spokenText(cues)).toBe(rambling);
  });

  it('offsets cues by the audio stream start time', () => {
    const words = speak('The audio starts a little late in this video.');
    const plain = wordsToCues(words, { language: 'en' });
    const offset = wordsToCues(words, { language: 'en', audioStartSeconds: 1.25 });
    expect(offset.map((cue) => cue.startMs)).toEqual(plain.map((cue) => cue.startMs + 1250));
    expect(offset.map((cue) => cue.endMs)).toEqual(plain.map((cue) => cue.endMs + 1250));
  });

  it('drops a hallucinated sentence that repeats exactly, but keeps repeated single words', () => {
    const text =
      'Thank you for watching. Thank you for watching. Thank you for watching. No. No. See you next time.';
    const cues = wordsToCues(speak(text), { language: 'en' });
    expect(spokenText(cues)).toBe('Thank you for watching. No. No. See you next time.');
  });

  it('drops words outside detected speech and pulls a stretched word back to its speech', () => {
    const words: TimedWord[] = [
      { text: 'Hello', start: 1, end: 1.4 },
      { text: 'there.', start: 1.5, end: 1.9 },
      { text: 'Subscribe!', start: 20, end: 21 },
      { text: 'Welcome', start: 2, end: 14 },
      { text: 'back.', start: 14, end: 14.4 },
    ];
    const cues = wordsToCues(words, {
      language: 'en',
      speechRegions: [
        { start: 0.9, end: 2 },
        { start: 12.5, end: 15 },
      ],
    });
    expect(spokenText(cues)).toBe('Hello there. Welcome back.');
    expect(cues[1]?.startMs).toBe(12_500);
  });

  it('pulls in the start of a word stretched over a silence even without voice detection', () => {
    const cues = wordsToCues([{ text: 'Finally.', start: 0, end: 10 }], { language: 'en' });
    expect(cues[0]?.startMs).toBeGreaterThanOrEqual(6000);
    expect(cues[0]?.endMs).toBe(10_500);
  });

  it('attaches punctuation given as separate words, with French spacing', () => {
    const words = speak('Tu viens ce soir ? Oui , bien sûr .');
    expect(spokenText(wordsToCues(words, { language: 'fr' }))).toBe('Tu viens ce soir\u00A0? Oui, bien sûr.');
  });

  it('keeps long German and Dutch compound words whole', () => {
    const german =
      'Die Bundesverfassungsgerichtsentscheidung über die Geschwindigkeitsbegrenzung wurde gestern veröffentlicht.';
    const dutch =
      'De arbeidsongeschiktheidsverzekering en de ziektekostenverzekering worden volgend jaar duurder.';
    for (const [language, text] of [
      ['de', german],
      ['nl', dutch],
    ] as const) {
      const cues = wordsToCues(speak(text), { language });
      expect(spokenText(cues)).toBe(text);
      expectWellFormed(cues, language);
    }
  });

  it('shapes Hindi with spaces and breaks at its full stop', () => {
    const text = 'मैं कल अपने दोस्तों के साथ दिल्ली गया था। वहाँ हमने बहुत सारी पुरानी इमारतें देखीं और स्वादिष्ट खाना खाया।';
    const cues = wordsToCues(speak(text), { language: 'hi' });
    expect(spokenText(cues)).toBe(text);
    expectWellFormed(cues, 'hi');
    expect(cues.flatMap((cue) => cue.text.split('\n'))[0]?.endsWith('था।')).toBe(true);
  });
});

describe('wordsToCues without spaces between words', () => {
  const samples: [OutputLanguage, string][] = [
    [
      'ja',
      '昨日は友達と一緒に新しいレストランで晩ご飯を食べました。料理はとても美味しくて、また行きたいと思いました。',
    ],
    ['zh', '我们明天早上要去北京看长城，然后下午回家吃饭。你觉得这个计划怎么样？我觉得非常好。'],
    ['th', 'วันนี้อากาศดีมากเราจึงตัดสินใจไปเที่ยวทะเลกับครอบครัวและเพื่อนสนิทของเรา'],
  ];

  /** Recognisers often give these languages one character at a time. */
  const characters = (text: string) => speak(Array.from(text).join(' '), { wordSeconds: 0.15 });

  function boundaries(text: string, language: string): Set<number> {
    const found = new Set<number>([0, text.length]);
    for (const part of new Intl.Segmenter(language, { granularity: 'word' }).segment(text))
      found.add(part.index);
    return found;
  }

  it('never breaks a line or a cue inside a word, and keeps lines within the width', () => {
    for (const [language, text] of samples) {
      const cues = wordsToCues(characters(text), { language });
      expect(spokenText(cues, '')).toBe(text);
      expectWellFormed(cues, language);
      const wordEdges = boundaries(text, language);
      let offset = 0;
      for (const piece of cues.flatMap((cue) => cue.text.split('\n'))) {
        expect(wordEdges.has(offset), `${language} break before "${piece}"`).toBe(true);
        offset += piece.length;
      }
    }
  });

  it('times each phrase from the characters in it', () => {
    const cues = wordsToCues(characters('你好。我们明天见。'), { language: 'zh' });
    expect(cues[0]?.startMs).toBe(0);
    expect(spokenText(cues, '')).toBe('你好。我们明天见。');
  });

  it('breaks Korean at spaces within 16 half-width-aware columns', () => {
    const text = '저는 오늘 아침에 친구와 함께 학교 앞 카페에서 커피를 마시고 도서관에 가서 공부를 했어요.';
    const cues = wordsToCues(speak(text), { language: 'ko' });
    expect(spokenText(cues)).toBe(text);
    expectWellFormed(cues, 'ko');
  });
});
