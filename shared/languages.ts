/** Languages of PRODUCT.md §9. */
export const INPUT_LANGUAGES = {
  nl: 'Dutch',
  en: 'English',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  es: 'Spanish',
  sv: 'Swedish',
} as const;

export const OUTPUT_LANGUAGES = {
  ...INPUT_LANGUAGES,
  zh: 'Chinese',
  hi: 'Hindi',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  th: 'Thai',
} as const;

export type InputLanguage = keyof typeof INPUT_LANGUAGES;
export type OutputLanguage = keyof typeof OUTPUT_LANGUAGES;

export const INPUT_LANGUAGE_CODES = Object.keys(INPUT_LANGUAGES) as [InputLanguage, ...InputLanguage[]];
export const OUTPUT_LANGUAGE_CODES = Object.keys(OUTPUT_LANGUAGES) as [OutputLanguage, ...OutputLanguage[]];
export const DEFAULT_LANGUAGE: InputLanguage = 'en';

/**
 * Each output language's ISO 639-2 code (the terminological one), as the language tag of a subtitle
 * track in MKV and MP4 files: players show it and pick a track by it.
 */
export const ISO_639_2: Record<OutputLanguage, string> = {
  nl: 'nld',
  en: 'eng',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  es: 'spa',
  sv: 'swe',
  zh: 'zho',
  hi: 'hin',
  ja: 'jpn',
  ko: 'kor',
  ru: 'rus',
  th: 'tha',
};
