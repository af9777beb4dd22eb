import type { OutputLanguage } from '../languages';
import { splitWords } from './phrase-segmentation';
import { type ShapingContext, shapingContext, wordCore } from './shaping-context';
import { characterCount } from './text-width';

/** What a condenser is asked: shorten one cue's text to at most `maxCharacters`, keeping its meaning. */
export interface CondenseRequest {
  text: string;
  language: OutputLanguage;
  maxCharacters: number;
  /** Neighbouring cues, as context only. */
  previousText: string | null;
  nextText: string | null;
}

/**
 * Step 3 of a reading-speed plan: a shortening service the caller passes in (for instance an
 * OpenAI-compatible chat endpoint configured by CONDENSER_URL). This module makes no network calls.
 */
export type Condenser = (request: CondenseRequest) => Promise<string>;

export type CondensationVerdict = { accepted: true; text: string } | { accepted: false; reason: string };

/** Letters of the script each language is written in (ja mixes Han and kana). */
const SCRIPT: Record<OutputLanguage, RegExp> = {
  en: /\p{Script=Latin}/u,
  nl: /\p{Script=Latin}/u,
  fr: /\p{Script=Latin}/u,
  de: /\p{Script=Latin}/u,
  it: /\p{Script=Latin}/u,
  pt: /\p{Script=Latin}/u,
  es: /\p{Script=Latin}/u,
  sv: /\p{Script=Latin}/u,
  ru: /\p{Script=Cyrillic}/u,
  hi: /[\p{Script=Devanagari}]/u,
  th: /\p{Script=Thai}/u,
  ko: /\p{Script=Hangul}/u,
  zh: /\p{Script=Han}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
};

/** Our choice: at least this share of the letters must be in the language's script. */
const SAME_SCRIPT_SHARE = 0.7;

/** Whether most of the text's letters are in the language's script (Han plus kana for ja, no kana for zh). */
export function inLanguageScript(text: string, language: OutputLanguage): boolean {
  const letters = Array.from(text).filter((character) => /\p{L}/u.test(character));
  if (letters.length === 0) return false;
  const matching = letters.filter((letter) => SCRIPT[language].test(letter)).length;
  const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
  if (language === 'zh' && letters.some((letter) => kana.test(letter))) return false;
  return matching / letters.length >= SAME_SCRIPT_SHARE;
}

/** Words a shorter version may bring in: the language's function words and the short forms of its lists. */
function allowedNewWords(context: ShapingContext): Set<string> {
  const { lexicon } = context;
  const shortForms = [...lexicon.contractions, ...lexicon.wordyPhrases].flatMap(([, short]) =>
    short.split(' '),
  );
  return new Set(
    [...lexicon.keepWithNext, ...lexicon.breakBefore, ...lexicon.keepWithPrevious, ...shortForms].map(
      wordCore,
    ),
  );
}

function wordsOf(text: string, context: ShapingContext): string[] {
  const parts = context.unspaced ? splitWords(text, context.profile.language) : text.split(/\s+/);
  return parts.map(wordCore).filter((word) => word.length > 0);
}

/** An inflection of a word already there ("explained" for "explaining") is not new content. */
function sharesStem(word: string, known: readonly string[]): boolean {
  return known.some((original) => {
    let common = 0;
    while (common < word.length && word[common] === original[common]) common += 1;
    return common >= 4 && common >= Math.min(word.length, original.length) * 0.6;
  });
}

function newContentWord(original: string, candidate: string, context: ShapingContext): string | null {
  const known = wordsOf(original, context);
  const allowed = allowedNewWords(context);
  for (const word of wordsOf(candidate, context)) {
    if (known.includes(word) || (context.unspaced && original.includes(word))) continue;
    if (/\p{N}/u.test(word)) return word; // a number is a fact: never new
    if (allowed.has(word) || sharesStem(word, known)) continue;
    return word;
  }
  return null;
}

/**
 * The check a condenser's answer must pass before it replaces a cue's text: shorter, plausibly the
 * same language (same script, no words foreign to the original), and no new content words or numbers.
 */
export function checkCondensedText(
  original: string,
  answer: string,
  language: OutputLanguage,
): CondensationVerdict {
  const context = shapingContext(language);
  const text = answer.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return { accepted: false, reason: 'the answer is empty' };
  if (characterCount(text) >= characterCount(original))
    return { accepted: false, reason: 'the answer is not shorter' };
  if (!inLanguageScript(text, language))
    return { accepted: false, reason: 'the answer is not in the same language' };
  const added = newContentWord(original, text, context);
  if (added !== null) return { accepted: false, reason: `the answer adds "${added}"` };
  return { accepted: true, text };
}
