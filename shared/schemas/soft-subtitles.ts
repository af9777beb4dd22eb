import { z } from 'zod';
import { id } from './accounts';

/**
 * The video with its subtitles as selectable, language-tagged tracks: Matroska (ASS tracks, the
 * video's subtitle style kept) or MP4 (`mov_text` tracks, text only: MP4 cannot carry ASS).
 */
export const SOFT_SUBTITLE_FORMATS = ['mkv', 'mp4'] as const;
export const softSubtitleFormat = z.enum(SOFT_SUBTITLE_FORMATS, {
  error: 'format must be mkv or mp4',
});
export type SoftSubtitleFormat = z.infer<typeof softSubtitleFormat>;

export const softSubtitlesInput = z.object({ id, format: softSubtitleFormat });

/** What a download menu calls each. */
export const SOFT_SUBTITLE_LABELS: Record<SoftSubtitleFormat, string> = {
  mkv: 'Video with subtitle tracks (MKV)',
  mp4: 'Video with subtitle tracks (MP4)',
};

export const SOFT_SUBTITLE_TEXTS = {
  audioOnlyMp4:
    'This upload is audio only: its subtitle tracks come as a Matroska audio file (MKA). Choose the MKV download.',
  sourceGone: "This video's file is no longer stored, so no download can be made from it.",
  notCopyable:
    "This video's picture or sound cannot be copied into this kind of file without converting it. Try the other format.",
  tookTooLong: 'Making this file took too long and was stopped. Please try again later.',
  busy: 'Several videos with subtitle tracks are being made right now. Please try again in a few seconds.',
} as const;
