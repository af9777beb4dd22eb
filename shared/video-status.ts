/** PRODUCT.md §4: srt_status and hardcoded_status each take one of these. */
export const VIDEO_STATUSES = ['polling', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * Beside PRODUCT.md §4 (issue 22): an audio-only upload has no picture, so its hardcoded video is
 * "not applicable" rather than pending or failed. Only hardcoded_status takes it; the legacy REST
 * answer shows it as `completed` (server/domains/videos/legacy-shape.ts).
 */
export const NOT_APPLICABLE = 'not_applicable';
export const HARDCODED_STATUSES = [...VIDEO_STATUSES, NOT_APPLICABLE] as const;
export type HardcodedStatus = (typeof HARDCODED_STATUSES)[number];

/** An upload without a picture: subtitles only. */
export function isAudioOnly(video: { hardcoded_status: string }): boolean {
  return video.hardcoded_status === NOT_APPLICABLE;
}

/** Audio alone has no frame: its ASS (exports, the editor's) is laid out on a 1080p one, which players scale. */
export const AUDIO_ONLY_FRAME = { width: 1920, height: 1080 } as const;
