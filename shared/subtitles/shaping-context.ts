import type { OutputLanguage } from '../languages';
import { type LanguageLexicon, lexiconFor } from './data/index';
import { type LanguageProfile, languageProfile } from './language-profile';
import { displayWidth } from './text-width';

/** Everything the shaping steps need to know about one language, built once. */
export interface ShapingContext {
  profile: LanguageProfile;
  lexicon: LanguageLexicon;
  keepWithNext: ReadonlySet<string>;
  breakBefore: ReadonlySet<string>;
  keepWithPrevious: ReadonlySet<string>;
  abbreviations: ReadonlySet<string>;
  /** Written without spaces between words (zh, ja, th). */
  unspaced: boolean;
  spaceWidth: number;
}

const contexts = new Map<OutputLanguage, ShapingContext>();

export function shapingContext(language: OutputLanguage): ShapingContext {
  const known = contexts.get(language);
  if (known) return known;
  const profile = languageProfile(language);
  const lexicon = lexiconFor(language);
  const context: ShapingContext = {
    profile,
    lexicon,
    keepWithNext: new Set(lexicon.keepWithNext),
    breakBefore: new Set(lexicon.breakBefore),
    keepWithPrevious: new Set(lexicon.keepWithPrevious),
    abbreviations: new Set(lexicon.abbreviations),
    unspaced: profile.phraseModel !== null,
    spaceWidth: displayWidth(' ', profile.widthRule),
  };
  contexts.set(language, context);
  return context;
}

const CLOSING = `["'”’»)\\]」』]*`;
const SENTENCE_END = new RegExp(`[.!?…。！？।॥]${CLOSING}$`, 'u');
const CLAUSE_END = new RegExp(`([,;:、，；：]|\\s?[—–]|-{2})${CLOSING}$`, 'u');

/** A word reduced for lookups: lower case, surrounding punctuation removed, inner apostrophes kept. */
export function wordCore(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[^\p{L}\p{M}\p{N}]+/u, '')
    .replace(/[^\p{L}\p{M}\p{N}]+$/u, '')
    .replaceAll('’', "'");
}

export function endsSentence(text: string, context: ShapingContext): boolean {
  if (!SENTENCE_END.test(text)) return false;
  return !(text.endsWith('.') && context.abbreviations.has(wordCore(text)));
}

export function endsClause(text: string): boolean {
  return CLAUSE_END.test(text);
}
