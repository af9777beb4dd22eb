import type { Cue } from '../../../shared/subtitles/cue';
import { cuesPastEnd, cuesPastEndWarning } from '../../../shared/subtitles/cues-past-end';
import { missingGlyphsWarning } from '../../../shared/subtitles/missing-glyphs';
import { shippedFontCoverage, uncoveredCharacters } from '../../media/font-coverage';

/**
 * What an upload of the user's own subtitles is warned about, in plain sentences (issue 35): the
 * characters no shipped font draws (in a video that is burned) and, when the video's length is known, the cues that start after
 * it ends (the sentence the upload form shows). Warnings only: the subtitles are taken as they are.
 */
export async function subtitleWarnings(
  cues: readonly Pick<Cue, 'text' | 'startMs'>[],
  durationSeconds: number | null,
  { burned = true }: { burned?: boolean } = {},
): Promise<string[]> {
  // Audio alone has no picture to draw them in (issue 22).
  const glyphs = burned ? missingGlyphsWarning(uncoveredCharacters(await shippedFontCoverage(), cues)) : null;
  const pastEnd =
    durationSeconds === null ? null : cuesPastEndWarning(cuesPastEnd(cues, durationSeconds), durationSeconds);
  return [glyphs, pastEnd].filter((warning): warning is string => warning !== null);
}
