import { OUTPUT_LANGUAGE_CODES, OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import type { VideoLanguage } from '../../../../shared/schemas/video-languages';

/** The editor's `?language=` (issue 40): an output language's code, anything else the own subtitles. */
export function languageParam(value: string | null): OutputLanguage | undefined {
  return OUTPUT_LANGUAGE_CODES.find((code) => code === value);
}

/**
 * The subtitles the switcher offers: the video's own first, then every added language that is
 * translated (one still being made, or failed, cannot be edited).
 */
export function switcherOptions(
  languages: readonly VideoLanguage[],
): { value: OutputLanguage; label: string }[] {
  return languages
    .filter((language) => language.own || language.status === 'ready')
    .map((language) => ({
      value: language.language,
      label: language.own
        ? `${OUTPUT_LANGUAGES[language.language]} (the video’s own)`
        : OUTPUT_LANGUAGES[language.language],
    }));
}

/** The editor's search after choosing a language: the own subtitles need none. */
export function searchForLanguage(
  search: URLSearchParams,
  chosen: OutputLanguage,
  own: OutputLanguage | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (chosen === own) next.delete('language');
  else next.set('language', chosen);
  return next;
}
