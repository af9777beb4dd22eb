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
