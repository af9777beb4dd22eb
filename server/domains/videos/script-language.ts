import type { OutputLanguage } from '../../../shared/languages';
import { languageOfText } from '../../../shared/subtitles/scripts';

/**
 * The subtitles' language: the output language chosen at upload, or for a user's own SRT the language
 * most of its letters are written in (each cue's own script still picks its fonts and line widths:
 * shared/subtitles/scripts.ts).
 */
export function subtitleLanguage(outputLanguage: OutputLanguage | null, srt: string): OutputLanguage {
  return outputLanguage ?? languageOfText(srt);
}
