/**
 * The video types the upload forms take beside PRODUCT.md's MP4 (the legacy paths /api/upload-log
 * and /api/upload-log/hc keep taking MP4 only, with PRODUCT.md's texts). Recognised by content
 * (ffprobe), never by the file's name.
 */
export const ACCEPTED_VIDEO_TYPES_TEXT =
  'MP4, MOV, M4V, MKV or WebM, with H.264, HEVC, VP8, VP9 or AV1 video (phone videos play upright)';

/** What a browser may call these files; the server judges by content anyway. */
export const ACCEPTED_VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'video/x-matroska',
  'video/webm',
] as const;

export const ACCEPTED_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.mkv', '.webm'] as const;

/** The refusal names what the file turned out to be (probe.ts `found`). */
export function unsupportedVideoMessage(found: string): string {
  return `* This file is ${found}. Please choose a video: ${ACCEPTED_VIDEO_TYPES_TEXT}.`;
}
