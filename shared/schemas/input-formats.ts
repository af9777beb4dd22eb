/**
 * The video types the upload forms take beside PRODUCT.md's MP4 (the legacy paths /api/upload-log
 * and /api/upload-log/hc keep taking MP4 only, with PRODUCT.md's texts). Recognised by content
 * (ffprobe), never by the file's name.
 */
export const ACCEPTED_VIDEO_TYPES_TEXT =
  'MP4, MOV, M4V, MKV or WebM, with H.264, HEVC, VP8, VP9 or AV1 video (phone videos play upright)';

/** What a browser may call these files (Chromium says `video/matroska`); the server judges by content anyway. */
export const ACCEPTED_VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'video/x-matroska',
  'video/matroska',
  'video/webm',
] as const;

export const ACCEPTED_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.mkv', '.webm'] as const;

/**
 * A file whose packets cannot be read to the end, so its real length (which its price and the
 * 30-minute limit go by, never the header's claim) cannot be measured.
 */
export const UNMEASURABLE_MEDIA_MESSAGE =
  '* This file could not be read to its end, so its length could not be measured. Please save or export it again and upload the new file.';

/** The refusal names what the file turned out to be (probe.ts `found`). */
export function unsupportedVideoMessage(found: string): string {
  return `* This file is ${found}. Please choose a video: ${ACCEPTED_VIDEO_TYPES_TEXT}.`;
}

/**
 * Audio alone, which generate mode takes on the upload forms' path (issue 22): subtitles and their
 * exports are made as for a video, and there is nothing to burn them into.
 */
export const ACCEPTED_AUDIO_TYPES_TEXT = 'MP3, M4A, WAV, FLAC or OGG audio (subtitles only, no video)';

export const ACCEPTED_AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/flac',
  'audio/x-flac',
  'audio/ogg',
] as const;

export const ACCEPTED_AUDIO_EXTENSIONS = ['.mp3', '.m4a', '.wav', '.flac', '.ogg', '.oga'] as const;

/**
 * The forms' refusal of a chosen file that is none of these by its name nor by the browser's type
 * (the legacy paths keep PRODUCT.md's MP4 message).
 */
export const FORM_TYPE_TEXTS = {
  video: `* Please choose a video: ${ACCEPTED_VIDEO_TYPES_TEXT}.`,
  videoOrAudio: `* Please choose a video (${ACCEPTED_VIDEO_TYPES_TEXT}) or an audio file (${ACCEPTED_AUDIO_TYPES_TEXT}).`,
} as const;

/** Generate mode's refusal of a file that is neither a taken video nor taken audio. */
export function unsupportedMediaMessage(found: string): string {
  return `* This file is ${found}. Please choose a video (${ACCEPTED_VIDEO_TYPES_TEXT}) or an audio file (${ACCEPTED_AUDIO_TYPES_TEXT}).`;
}

/** Hardcode mode burns subtitles into a picture: an audio file has none. */
export const AUDIO_IN_HARDCODE_MESSAGE =
  '* This is an audio file without a picture, so there is no video to burn subtitles into. Choose a video, or upload the audio under "Automatic Professional Subtitles" to get subtitles only.';

/** Where a video column does not apply to an audio-only upload: said to screen readers. */
export const AUDIO_ONLY_TEXTS = {
  noVideo: 'No video: audio only',
  noPictureToBurn: 'This upload is audio only: there is no video to burn subtitles into.',
  editorNoPicture: 'Audio only: there is no picture, so the subtitles are edited against the waveform.',
} as const;
