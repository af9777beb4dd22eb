import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_LANGUAGE_CODES, type InputLanguage } from '../languages';
import { condenseText } from './condensation';
import type { Cue } from './cue';
import { charactersPerSecond } from './reading-speed';
import { applyReadingSpeedPlan } from './reading-speed-plan';
import { reflowCues } from './reflow';
import { parseSrt } from './srt-parse';
import { wordsToCues } from './words-to-cues';

/**
 * Subtitles follow the speech: a cue never shows before its words by more than half a second
 * (Amara; Netflix allows 3 frames), nor stays more than 1.5 s after them (BBC); condensing plans
 * drop stutters, hedges and intensifiers, never a word that carries meaning. The limits are
 * written out here, not read from the code under test.
 */
const LEAD_LIMIT_MS = 500;
const LINGER_LIMIT_MS = 1500;
const CONDENSING_PLANS = ['20', '17', '15'] as const;
const LANGUAGES = ['en', 'de', 'fr', 'ja'] as const;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s\n]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, ''))
    .filter(Boolean);

describe('cue timing against the speech', () => {
  const cues = fc
    .array(
      fc.record({
        pause: fc.integer({ min: 0, max: 3000 }),
        length: fc.integer({ min: 200, max: 5000 }),
        wordCount: fc.integer({ min: 1, max: 25 }),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .map((parts) => {
      let clock = 0;
      return parts.map(({ pause, length, wordCount }, index): Cue => {
        const startMs = clock + pause;
        clock = startMs + length;
        const text = Array.from({ length: wordCount }, (_, word) => `word${index}x${word}`).join(' ');
        return { startMs, endMs: clock, text };
      });
    });

  it('keeps every plan within 0.5 s before and 1.5 s after each cue of an SRT file', () => {
    fc.assert(
      fc.property(
        cues,
        fc.constantFrom(...CONDENSING_PLANS),
        fc.constantFrom(...LANGUAGES),
        (source, plan, language) => {
          const result = applyReadingSpeedPlan(source, { plan, language }).cues;
          result.forEach((cue, index) => {
            const spoken = source[index];
            if (!spoken) throw new Error('cue count changed');
            expect(cue.startMs).toBeGreaterThanOrEqual(spoken.startMs - LEAD_LIMIT_MS);
            expect(cue.endMs).toBeLessThanOrEqual(spoken.endMs + LINGER_LIMIT_MS);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps generated cues, after any plan, within 0.5 s before their first word and 1.5 s after their last', () => {
    const speech = fc
      .array(
        fc.record({ pause: fc.integer({ min: 0, max: 2500 }), length: fc.integer({ min: 80, max: 900 }) }),
        { minLength: 1, maxLength: 60 },
      )
      .map((parts) => {
        let clock = 0;
        return parts.map(({ pause, length }, index) => {
          const start = clock + pause;
          clock = start + length;
          // Long words, so that cues run over the caps and the plans look for time around them.
          const text = `w${index}${'m'.repeat(12)}${index % 7 === 6 ? '.' : ''}`;
          return { text, start: start / 1000, end: clock / 1000 };
        });
      });
    fc.assert(
      fc.property(speech, fc.constantFrom('full-text', ...CONDENSING_PLANS), (spoken, plan) => {
        const generated = wordsToCues(spoken, { language: 'en' });
        const shaped = applyReadingSpeedPlan(generated, { plan, language: 'en' }).cues;
        for (const cue of shaped) {
          const shown = words(cue.text).map((word) => Number.parseInt(word.slice(1), 10));
          const first = spoken[shown[0] ?? -1];
          const last = spoken[shown.at(-1) ?? -1];
          if (!first || !last) throw new Error(`cue words not found: ${cue.text}`);
          expect(cue.startMs).toBeGreaterThanOrEqual(Math.round(first.start * 1000) - LEAD_LIMIT_MS);
          expect(cue.endMs).toBeLessThanOrEqual(Math.round(last.end * 1000) + LINGER_LIMIT_MS);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('stutters and repetitions', () => {
  const plan = (texts: string[], planId: '17' | 'full-text' = '17') =>
    applyReadingSpeedPlan(
      texts.map((text, index) => ({ startMs: index * 4000, endMs: index * 4000 + 3900, text })),
      { plan: planId, language: 'en' },
    ).cues.map((cue) => cue.text.replace(/\n/g, ' '));

  it('are dropped by the condensing plans, within a cue and across a cue boundary', () => {
    expect(plan(['I I think the the results are in.', "Let's, let's go."])).toEqual([
      'I think the results are in.',
      "Let's go.",
    ]);
    expect(plan(["Good, then let's, um,", "let's move on to next year."])).toEqual([
      'Good, then',
      "let's move on to next year.",
    ]);
  });

  it('keep grammatical repeats ("that that") and a cue that would lose every word', () => {
    expect(plan(['He said that that was fine.'])).toEqual(['He said that that was fine.']);
    expect(plan(['Wait.', 'Wait, what?'])).toEqual(['Wait.', 'Wait, what?']);
  });

  it('are left alone by the full-text plan, which never changes a word', () => {
    const texts = ["Good, then let's, um,", "let's move on, you know, really soon."];
    expect(plan(texts, 'full-text')).toEqual(texts);
  });
});

/** Per input language: a sentence with hedges and intensifiers, and its words that carry meaning. */
const HEDGED: Record<InputLanguage, { text: string; dropped: string[]; kept: string[] }> = {
  en: {
    text: 'Maria really thinks the costs are a little higher as well, so far 3 million, not less.',
    dropped: ['really', 'little', 'well', 'far'],
    kept: ['maria', 'thinks', 'costs', 'higher', '3', 'million', 'not', 'less'],
  },
  nl: {
    text: 'Jan vindt de kosten eigenlijk een beetje hoger, tot nu toe 3 miljoen, niet minder.',
    dropped: ['eigenlijk', 'beetje'],
    kept: ['jan', 'vindt', 'kosten', 'hoger', '3', 'miljoen', 'niet', 'minder'],
  },
  de: {
    text: 'Anna findet die Kosten wirklich ein bisschen höher, bis jetzt 3 Millionen, nicht weniger.',
    dropped: ['wirklich', 'bisschen'],
    kept: ['anna', 'findet', 'kosten', 'höher', '3', 'millionen', 'nicht', 'weniger'],
  },
  fr: {
    text: 'Marie trouve les coûts vraiment un peu plus élevés, 3 millions, pas moins.',
    dropped: ['vraiment', 'peu'],
    kept: ['marie', 'trouve', 'coûts', 'élevés', '3', 'millions', 'pas', 'moins'],
  },
  it: {
    text: 'Marco trova i costi davvero un pochino più alti, finora 3 milioni, non meno.',
    dropped: ['davvero', 'pochino', 'finora'],
    kept: ['marco', 'trova', 'costi', 'alti', '3', 'milioni', 'non', 'meno'],
  },
  pt: {
    text: 'Ana acha os custos realmente um pouco mais altos, até agora 3 milhões, não menos.',
    dropped: ['realmente', 'pouco'],
    kept: ['ana', 'acha', 'custos', 'altos', '3', 'milhões', 'não', 'menos'],
  },
  es: {
    text: 'Lucía cree que los costes son realmente un poco más altos, hasta ahora 3 millones, no menos.',
    dropped: ['realmente', 'poco'],
    kept: ['lucía', 'cree', 'costes', 'altos', '3', 'millones', 'no', 'menos'],
  },
  sv: {
    text: 'Erik tycker att kostnaderna verkligen är lite grann högre, hittills 3 miljoner, inte mindre.',
    dropped: ['verkligen', 'grann', 'hittills'],
    kept: ['erik', 'tycker', 'kostnaderna', 'högre', '3', 'miljoner', 'inte', 'mindre'],
  },
};

describe('the rule-based condenser', () => {
  it.each(INPUT_LANGUAGE_CODES)(
    'drops hedges and intensifiers in %s and keeps names, nouns, numbers and negations',
    (language) => {
      const { text, dropped, kept } = HEDGED[language];
      const condensed = words(condenseText(text, language));
      for (const word of dropped) expect(condensed, `${word} in ${condensed.join(' ')}`).not.toContain(word);
      for (const word of kept) expect(condensed, `${word} in ${condensed.join(' ')}`).toContain(word);
    },
  );

  it('never drops a softener before a number or a negation ("just 2", "really not")', () => {
    expect(condenseText('We need just 2 more days, and it is really not easy.', 'en')).toContain('just 2');
    expect(condenseText('We need just 2 more days, and it is really not easy.', 'en')).toContain(
      'really not',
    );
  });
});

describe('plan 17 on a dense English SRT (shared/subtitles/fixtures/dense-en.srt)', () => {
  const source = parseSrt(readFileSync(new URL('./fixtures/dense-en.srt', import.meta.url), 'utf8'));
  const result = applyReadingSpeedPlan(reflowCues(source, 'en'), { plan: '17', language: 'en' }).cues;
  const average = (cues: readonly Cue[]) =>
    cues.reduce((sum, cue) => sum + charactersPerSecond(cue), 0) / cues.length;

  it('shows nothing before the speech by more than 0.5 s, and reads slower than the speech', () => {
    expect(source[0]?.startMs).toBe(1000);
    expect(result[0]?.startMs).toBeGreaterThanOrEqual(1000 - LEAD_LIMIT_MS);
    expect(average(result)).toBeLessThan(average(source) * 0.75);
  });

  it('keeps every name, number and negation, and leaves no stutter at a cue boundary', () => {
    const all = words(result.map((cue) => cue.text).join(' '));
    for (const word of ['berlin', 'lisbon', "maria's", '12', '3', '4', 'million', "didn't", 'not']) {
      expect(all).toContain(word);
    }
    expect(all).not.toContain('um');
    result.forEach((cue, index) => {
      const next = result[index + 1];
      if (next) expect(words(cue.text).at(-1)).not.toBe(words(next.text)[0]);
    });
  });
});

describe('translated generated cues', () => {
  it('keep the timing of the cues they translate, out-time included, when no cue is split', () => {
    const spoken = 'Ask not what your country can do for you. Ask what you can do.'
      .split(' ')
      .map((text, index) => ({ text, start: 0.3 + index * 0.35, end: 0.6 + index * 0.35 }));
    const english = wordsToCues(spoken, { language: 'en' });
    const german = reflowCues(
      english.map((cue) => ({ ...cue, text: `[de] ${cue.text.replace(/\n/g, ' ')}` })),
      'de',
    );
    expect(german.map(({ startMs, endMs }) => [startMs, endMs])).toEqual(
      english.map(({ startMs, endMs }) => [startMs, endMs]),
    );
  });
});
