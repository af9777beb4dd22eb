import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from '../../../../shared/limits';
import {
  ACCEPTED_AUDIO_EXTENSIONS,
  ACCEPTED_AUDIO_MIME_TYPES,
  ACCEPTED_VIDEO_EXTENSIONS,
  ACCEPTED_VIDEO_MIME_TYPES,
  AUDIO_IN_HARDCODE_MESSAGE,
  FORM_TYPE_TEXTS,
} from '../../../../shared/schemas/input-formats';
import { isSubtitleInName, SUBTITLE_IN_TEXTS } from '../../../../shared/schemas/subtitles-in';
import { generateChoices, UPLOAD_MESSAGES } from '../../../../shared/schemas/videos';

/** What the checks need of a chosen file (a browser `File` has all three). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export const MP4_TYPE = 'video/mp4';

const hasExtension = (file: ChosenFile, extensions: readonly string[]) =>
  extensions.some((extension) => file.name.toLowerCase().endsWith(extension));

/**
 * The form takes MOV, M4V, MKV and WebM beside MP4 (shared/schemas/input-formats.ts), by name or by
 * the browser's type: browsers name an MKV differently or not at all. The server judges the content.
 */
export function isAcceptedVideoFile(video: ChosenFile): boolean {
  return (
    (ACCEPTED_VIDEO_MIME_TYPES as readonly string[]).includes(video.type) ||
    hasExtension(video, ACCEPTED_VIDEO_EXTENSIONS)
  );
}

/** MP3, M4A, WAV, FLAC or OGG audio alone, by name or by type; a file named as a video is a video. */
export function isAcceptedAudioFile(file: ChosenFile): boolean {
  if (hasExtension(file, ACCEPTED_VIDEO_EXTENSIONS)) return false;
  return (
    (ACCEPTED_AUDIO_MIME_TYPES as readonly string[]).includes(file.type) ||
    hasExtension(file, ACCEPTED_AUDIO_EXTENSIONS)
  );
}

/** PRODUCT.md §5, generate mode, in its order; an empty list means the form may be sent. */
export interface GenerateForm {
  video: ChosenFile | null;
  /** Whole seconds read from the file's metadata; null when unknown (the server measures it anyway). */
  durationSeconds: number | null;
  plan: string;
  inLan: string;
  outLan: string;
}

export interface HardcodeChoices {
  video: ChosenFile | null;
  durationSeconds: number | null;
  srt: ChosenFile | null;
}

/** Hardcode mode repeats generate mode's size and duration messages "with a trailing period". */
type Punctuation = '' | '.';

/** Generate mode takes audio alone (subtitles only); hardcode mode has nothing to burn it into. */
type AudioFiles = 'take' | 'refuse';

function videoErrors(
  video: ChosenFile | null,
  durationSeconds: number | null,
  end: Punctuation,
  audio: AudioFiles,
): string[] {
  if (!video) return [UPLOAD_MESSAGES.mp4Required];
  const errors: string[] = [];
  const isAudio = isAcceptedAudioFile(video);
  if (isAudio && audio === 'refuse') errors.push(AUDIO_IN_HARDCODE_MESSAGE);
  else if (!isAcceptedVideoFile(video) && !isAudio)
    errors.push(audio === 'take' ? FORM_TYPE_TEXTS.videoOrAudio : FORM_TYPE_TEXTS.video);
  if (video.size > MAX_VIDEO_BYTES) errors.push(`${UPLOAD_MESSAGES.tooBig}${end}`);
  if (durationSeconds !== null && durationSeconds > MAX_VIDEO_SECONDS) {
    errors.push(`${UPLOAD_MESSAGES.tooLong}${end}`);
  }
  return errors;
}

export function generateErrors(choices: GenerateForm): string[] {
  const errors = videoErrors(choices.video, choices.durationSeconds, '', 'take');
  const checked = generateChoices.safeParse({
    rso: choices.plan,
    in_lan: choices.inLan,
    out_lan: choices.outLan,
  });
  if (!checked.success) errors.push(...checked.error.issues.map((issue) => issue.message));
  return errors;
}

/** The form sends to the product's path, which takes SRT, WebVTT and ASS (issue 22). */
function srtErrors(srt: ChosenFile | null): string[] {
  if (!srt) return [UPLOAD_MESSAGES.srtRequired];
  if (!isSubtitleInName(srt.name)) return [SUBTITLE_IN_TEXTS.subtitleType];
  if (srt.size === 0) return [UPLOAD_MESSAGES.srtEmpty];
  return [];
}

export function hardcodeErrors(choices: HardcodeChoices): string[] {
  return [...videoErrors(choices.video, choices.durationSeconds, '.', 'refuse'), ...srtErrors(choices.srt)];
}

/**
 * The edited-subtitles check of PRODUCT.md §5 on /videos: a file is needed, named as an SRT, WebVTT or
 * ASS file (the product's revision path takes all three, issue 22).
 */
export function editedSrtError(file: ChosenFile | null): string | null {
  if (!file) return UPLOAD_MESSAGES.editedSrtMissing;
  if (!isSubtitleInName(file.name)) return SUBTITLE_IN_TEXTS.editedSubtitleType;
  return null;
}

const REQUIRED_MESSAGES = new Set<string>([
  UPLOAD_MESSAGES.mp4Required,
  UPLOAD_MESSAGES.srtRequired,
  UPLOAD_MESSAGES.planRequired,
  UPLOAD_MESSAGES.inputLanguageRequired,
  UPLOAD_MESSAGES.outputLanguageRequired,
]);

/**
 * What to show: a wrong file is pointed out as soon as it is chosen, while "selection is required"
 * waits for the first submit (a fresh form is not an error).
 */
export function visibleErrors(errors: readonly string[], attempted: boolean): string[] {
  return attempted ? [...errors] : errors.filter((error) => !REQUIRED_MESSAGES.has(error));
}
