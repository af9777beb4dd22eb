import { z } from 'zod';
import { OUTPUT_LANGUAGE_CODES } from '../languages';
import { id } from './accounts';
import { addedLanguage } from './video-languages';

/**
 * The files a video's subtitles download as: SRT (PRODUCT.md §2, unchanged), WebVTT, the burn-in's
 * ASS, a plain transcript with or without paragraph times, and, for generated subtitles only, the
 * recognised words with their timings.
 */
export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ass', 'txt', 'timed-txt', 'words-json'] as const;
export const subtitleFormat = z.enum(SUBTITLE_FORMATS);
export type SubtitleFormat = z.infer<typeof subtitleFormat>;

/** `language`: an added language's subtitles (issue 40); absent, the video's own, as before. */
export const subtitleExportInput = z.object({
  id,
  format: subtitleFormat,
  language: addedLanguage.optional(),
});

export const EXPORT_TEXTS = {
  noWordTimings:
    'Word timings exist only for generated subtitles: this video was subtitled from an uploaded SRT.',
} as const;

/** One recognised word on the video's clock; confidence (0–1) only where the speech engine gives one. */
export const timedWordEntry = z.strictObject({
  text: z.string().min(1),
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  confidence: z.number().min(0).max(1).optional(),
});

/**
 * The words-and-timings download: the words as the speech engine recognised them (before any
 * translation, shaping or edit), in the language they were recognised in.
 */
export const wordTimingsFile = z.strictObject({
  format: z.literal('word-timings'),
  version: z.literal(1),
  title: z.string(),
  language: z.enum(OUTPUT_LANGUAGE_CODES),
  words: z.array(timedWordEntry),
});
export type WordTimingsFile = z.infer<typeof wordTimingsFile>;
