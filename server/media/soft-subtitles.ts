import { type FfmpegRun, type RunTimeLimit, runFfmpeg, runTimeLimitMs } from './run-ffmpeg';

/** A subtitle file to carry as a track, with the tags players show and pick it by. */
export interface SubtitleTrackFile {
  /** A local SRT or ASS file. */
  file: string;
  /** ISO 639-2 (`fra`). */
  language: string;
  /** The language's name (`French`), the track's title. */
  title: string;
  isDefault: boolean;
}

/** Matroska (video or audio alone) or MP4, with the subtitle codec each can carry. */
export type SoftSubtitleContainer = 'matroska' | 'mp4';

export interface SoftSubtitleJob {
  input: string;
  tracks: readonly SubtitleTrackFile[];
  container: SoftSubtitleContainer;
  /** Audio alone: no picture stream is looked for (a cover picture is left out). */
  audioOnly: boolean;
  /** Font files carried as attachments (Matroska only), so players draw the ASS in its own faces. */
  fonts?: readonly string[];
  output: string;
}

/**
 * The source's picture and sound stream-copied (no re-encode: the packets stay the source's), each
 * subtitle file a track, tagged with its language and title; the default track is the one marked.
 * Matroska keeps the files' codec (ASS with its styles, or SRT); MP4 carries `mov_text`.
 */
export function softSubtitleArgs(job: SoftSubtitleJob): string[] {
  const tracks = job.tracks.flatMap((track) => ['-i', track.file]);
  const maps = job.tracks.flatMap((_, index) => ['-map', `${index + 1}:0`]);
  const fonts = job.container === 'matroska' ? (job.fonts ?? []) : [];
  const attachments = fonts.flatMap((font) => ['-attach', font]);
  const tags = job.tracks.flatMap((track, index) => [
    `-metadata:s:s:${index}`,
    `language=${track.language}`,
    `-metadata:s:s:${index}`,
    `title=${track.title}`,
    `-disposition:s:${index}`,
    track.isDefault ? 'default' : '0',
  ]);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    job.input,
    ...tracks,
    // Picture streams that are not cover pictures, and every sound; the source's own subtitles are left out.
    ...(job.audioOnly ? [] : ['-map', '0:V']),
    ...['-map', '0:a?'],
    ...maps,
    ...['-c:v', 'copy', '-c:a', 'copy'],
    ...['-c:s', job.container === 'mp4' ? 'mov_text' : 'copy'],
    ...tags,
    ...attachments,
    ...(fonts.length > 0 ? ['-metadata:s:t', 'mimetype=application/x-truetype-font'] : []),
    ...(job.container === 'mp4' ? ['-movflags', '+faststart'] : []),
    ...['-f', job.container],
    '-progress',
    'pipe:1',
    '-nostats',
    job.output,
  ];
}

/** Makes the file of `softSubtitleArgs`, within the time limit the media's length allows. */
export function makeSoftSubtitleFile(
  ffmpeg: string,
  job: SoftSubtitleJob & { mediaSeconds: number; timeLimit: RunTimeLimit },
  options: Omit<FfmpegRun, 'timeLimitMs'>,
): Promise<void> {
  return runFfmpeg(ffmpeg, softSubtitleArgs(job), {
    ...options,
    timeLimitMs: runTimeLimitMs(job.timeLimit, job.mediaSeconds),
  });
}
