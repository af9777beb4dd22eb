import type * as Budoux from 'budoux';
import type { LanguageProfile, PhraseModel } from './language-profile';
import { displayWidth } from './text-width';

/** A piece of text that is never broken inside, with its position in the text it came from. */
export interface TextPiece {
  text: string;
  index: number;
  spaceBefore: boolean;
}

interface PhraseParser {
  parse(sentence: string): string[];
}

const parsers = new Map<PhraseModel, PhraseParser>();

/**
 * budoux, required on first use: its entry point also loads an HTML DOM and every model (about
 * 30 MB of memory), which a server that never shapes zh, ja or th should not carry.
 */
let provided: typeof Budoux | null = null;

function loadBudoux(): typeof Budoux {
  if (provided) return provided;
  const { createRequire } = process.getBuiltinModule('node:module');
  return createRequire(import.meta.url)('budoux') as typeof Budoux;
}

/**
 * Hands budoux in where it cannot be required (the browser imports it itself, when the editor
 * first reflows Chinese, Japanese or Thai).
 */
export function providePhraseLibrary(budoux: typeof Budoux): void {
  provided = budoux;
}

/**
 * budoux phrase parsers, loaded on first use (SUBTITLE-STYLE.md: phrase boundaries read better than word
 * ones).
 */
function phraseParser(model: PhraseModel): PhraseParser {
  const known = parsers.get(model);
  if (known) return known;
  const budoux = loadBudoux();
  const load = {
    ja: budoux.loadDefaultJapaneseParser,
    'zh-hans': budoux.loadDefaultSimplifiedChineseParser,
    th: budoux.loadDefaultThaiParser,
  };
  const parser = load[model]();
  parsers.set(model, parser);
  return parser;
}

/** Word boundaries from Intl.Segmenter, punctuation kept with the word before it. */
export function splitWords(text: string, locale: string): string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const parts: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    const last = parts.length - 1;
    if (!isWordLike && last >= 0) parts[last] += segment;
    else if (!isWordLike && parts.length === 0) parts.push(segment);
    else if (last >= 0 && isOnlyOpening(parts[last] ?? '')) parts[last] += segment;
    else parts.push(segment);
  }
  return parts;
}

function isOnlyOpening(text: string): boolean {
  return /^[\p{Ps}\p{Pi}"']+$/u.test(text);
}

/** Phrases (budoux) read best; words (Intl.Segmenter) are the finer fallback. Neither breaks a word. */
export type Granularity = 'phrase' | 'word';

/** Phrases of a run of text without spaces; a phrase wider than a line is split at word boundaries. */
function phrasesOf(run: string, profile: LanguageProfile, granularity: Granularity): string[] {
  if (profile.phraseModel === null) return [run];
  if (granularity === 'word') return splitWords(run, profile.language);
  const phrases = phraseParser(profile.phraseModel).parse(run);
  return phrases.flatMap((phrase) =>
    displayWidth(phrase, profile.widthRule) > profile.maxLineWidth
      ? splitWords(phrase, profile.language)
      : [phrase],
  );
}

/** Splits text at spaces and, for zh, ja and th, at phrase boundaries; never inside a word. */
export function segmentText(
  text: string,
  profile: LanguageProfile,
  granularity: Granularity = 'phrase',
): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const run of text.matchAll(/[^ \t\r\n\u3000]+/g)) {
    let index = run.index;
    phrasesOf(run[0], profile, granularity).forEach((phrase, position) => {
      pieces.push({ text: phrase, index, spaceBefore: position === 0 && pieces.length > 0 });
      index += phrase.length;
    });
  }
  return pieces;
}
