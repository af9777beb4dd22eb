import { OUTPUT_LANGUAGES, type OutputLanguage } from '../languages';
import { LATIN_MAX_LINE_CHARS } from './standards';

/**
 * How a language's text is measured, broken and drawn.
 * - `grapheme`: every user-perceived character counts 1 (Latin, Cyrillic, Thai, Devanagari).
 * - `east-asian`: full-width characters count 1, half-width ones (Latin letters, digits, spaces,
 *   ASCII punctuation, half-width kana) count 0.5 (Netflix rule for Korean and Japanese).
 */
export type WidthRule = 'grapheme' | 'east-asian';

/** Languages written without spaces between words are segmented into phrases before breaking. */
export type PhraseModel = 'ja' | 'zh-hans' | 'th';

export interface LanguageProfile {
  language: OutputLanguage;
  name: string;
  /** Widest line in width units of `widthRule`. */
  maxLineWidth: number;
  widthRule: WidthRule;
  /** Null when words are separated by spaces. */
  phraseModel: PhraseModel | null;
  /**
   * Font family for burn-in (Noto fonts are shipped with the product, SUBTITLE-STYLE.md failure 6). The
   * medium face's own family name (name ID 1): fontconfig (burn-in) and libass without fontconfig (the
   * editor's preview in the browser) both find the face by it, so both draw with the same file.
   */
  fontFamily: string;
}

interface ProfileShape {
  maxLineWidth: number;
  widthRule: WidthRule;
  phraseModel: PhraseModel | null;
  fontFamily: string;
}

const LATIN: ProfileShape = {
  // Netflix English template 42; fr, de, it, pt, es, sv, ru use 42, the common default of Amara
  // and SubtitleEdit's Netflix profiles; Netflix Dutch 42.
  maxLineWidth: LATIN_MAX_LINE_CHARS,
  widthRule: 'grapheme',
  phraseModel: null,
  fontFamily: 'Noto Sans Medium',
};

const SHAPES: Record<OutputLanguage, ProfileShape> = {
  en: LATIN,
  nl: LATIN,
  fr: LATIN,
  de: LATIN,
  it: LATIN,
  pt: LATIN,
  es: LATIN,
  sv: LATIN,
  ru: LATIN,
  // Netflix characters per line by language: Hindi 42.
  hi: { ...LATIN, fontFamily: 'Noto Sans Devanagari Medium' },
  // Netflix: Thai 35.
  th: { maxLineWidth: 35, widthRule: 'grapheme', phraseModel: 'th', fontFamily: 'Noto Sans Thai Medium' },
  // Netflix: Korean 16, Latin letters, spaces and punctuation count 0.5. Korean has spaces: break at them.
  ko: { maxLineWidth: 16, widthRule: 'east-asian', phraseModel: null, fontFamily: 'Noto Sans KR Medium' },
  // Netflix: Simplified Chinese 16. Half-width counting as for ja and ko is our extension.
  zh: {
    maxLineWidth: 16,
    widthRule: 'east-asian',
    phraseModel: 'zh-hans',
    fontFamily: 'Noto Sans SC Medium',
  },
  // Netflix: Japanese 13 full-width characters (horizontal), half-width counts 0.5.
  ja: { maxLineWidth: 13, widthRule: 'east-asian', phraseModel: 'ja', fontFamily: 'Noto Sans JP Medium' },
};

export function languageProfile(language: OutputLanguage): LanguageProfile {
  return { language, name: OUTPUT_LANGUAGES[language], ...SHAPES[language] };
}

export function isOutputLanguage(code: string): code is OutputLanguage {
  return Object.hasOwn(OUTPUT_LANGUAGES, code);
}

/** Languages whose line limit is far below 42, so a per-character cps cap is much stricter. */
export function capStrictness(profile: LanguageProfile): number {
  return LATIN_MAX_LINE_CHARS / profile.maxLineWidth;
}
