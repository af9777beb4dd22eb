import type { OutputLanguage } from '../../../shared/languages';

const SCRIPTS: [RegExp, OutputLanguage][] = [
  [/[\u3040-\u30ff]/, 'ja'],
  [/[\uac00-\ud7af]/, 'ko'],
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u0e00-\u0e7f]/, 'th'],
  [/[\u0900-\u097f]/, 'hi'],
  [/[\u0400-\u04ff]/, 'ru'],
];

/** A user's own SRT names no language; its script picks the font and line widths for burn-in. */
export function languageOfScript(text: string): OutputLanguage {
  return SCRIPTS.find(([pattern]) => pattern.test(text))?.[1] ?? 'en';
}

/** The subtitles' language: the output language chosen at upload, or for a user's own SRT its script's. */
export function subtitleLanguage(outputLanguage: OutputLanguage | null, srt: string): OutputLanguage {
  return outputLanguage ?? languageOfScript(srt);
}
