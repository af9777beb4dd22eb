import { createHash } from 'node:crypto';
import { burnInFilters, videoEncoderArgs } from './burn-in-args';
import { sourceInputArgs } from './remote-input';

/** About this long each: short enough to spread over workers, long enough that ffmpeg's start-up is noise. */
export const SEGMENT_SECONDS = 45;
/** Changes whenever the encoding below changes, so no segment made the old way is joined to new ones. */
const SEGMENT_FORMAT = 'x264-veryfast-crf22-mpegts-1';

/** A stretch of the video burned on its own, and joined to the others without re-encoding. */
export interface SegmentPlan {
  index: number;
  /** The first frame the segment holds. */
  startFrame: number;
  /** How many frames it holds; null for the last, which runs to the end of the source. */
  frames: number | null;
  /**
   * Frames rendered before the segment and thrown away: libass places a cue that starts while
   * another is shown above it, and keeps it there, so rendering starts where that chain of
   * overlapping cues began, exactly as the whole-file burn saw it.
   */
  prerollFrames: number;
  /** Identifies what the segment shows: the same fingerprint is the same picture. */
  fingerprint: string;
}

interface AssEvent {
  startMs: number;
  endMs: number;
  line: string;
}

const DIALOGUE = /^Dialogue:\s*[^,]*,(\d+):(\d{2}):(\d{2})\.(\d{2}),(\d+):(\d{2}):(\d{2})\.(\d{2}),/;

/** h:mm:ss.cc from four captured groups. */
const assMs = ([hours, minutes, seconds, centis]: readonly number[]) =>
  (((hours ?? 0) * 60 + (minutes ?? 0)) * 60 + (seconds ?? 0)) * 1000 + (centis ?? 0) * 10;

/** The script without its events (styles, frame size, language) and its events with their times. */
function readAss(ass: string): { header: string; events: AssEvent[] } {
  const header: string[] = [];
  const events: AssEvent[] = [];
  for (const line of ass.split('\n')) {
    const match = line.match(DIALOGUE);
    if (!match) {
      header.push(line);
      continue;
    }
    const numbers = match.slice(1).map(Number);
    events.push({ line, startMs: assMs(numbers.slice(0, 4)), endMs: assMs(numbers.slice(4)) });
  }
  return { header: header.join('\n'), events };
}

/** Where rendering must start so the frame at `ms` looks as in a whole-file burn. */
function chainStart(events: readonly AssEvent[], ms: number): number {
  let start = ms;
  for (let moved = true; moved; ) {
    moved = false;
    for (const event of events)
      if (event.startMs < start && start < event.endMs) {
        start = event.startMs;
        moved = true;
      }
  }
  return start;
}

/** A short video is still cut, to keep every slot of a worker busy, but into pieces no shorter than this. */
export const MIN_SEGMENT_SECONDS = 15;

export interface SegmentingOptions {
  /** About how long each segment is (SEGMENT_SECONDS). */
  seconds?: number;
  /**
   * How many jobs burn at once (a worker's WORKER_CONCURRENCY): a video shorter than that many
   * segments is cut into as many pieces as fit MIN_SEGMENT_SECONDS, up to this count, rather than
   * burned by one job on its share of the cores while the others idle.
   */
  slots?: number;
}

/** How many segments, of how many frames each (the last takes the rest). */
function segmentCount(frames: number, fps: number, options: SegmentingOptions) {
  const perSegment = Math.max(1, Math.round((options.seconds ?? SEGMENT_SECONDS) * fps));
  const byLength = Math.max(1, Math.round(frames / perSegment));
  const fitting = Math.floor(frames / Math.max(1, Math.round(MIN_SEGMENT_SECONDS * fps)));
  const bySlots = Math.min(options.slots ?? 1, fitting);
  return bySlots > byLength
    ? { count: bySlots, perSegment: Math.floor(frames / bySlots) }
    : { count: byLength, perSegment };
}

/**
 * Cuts a video of `frames` frames at `fps` into segments of about `seconds` (more, shorter ones
 * when the video is short and a worker has idle slots), each with the fingerprint of the subtitles
 * it draws: after an edit, only segments whose fingerprint changed are burned again.
 */
export function planSegments(
  ass: string,
  video: { frames: number; fps: number },
  options: SegmentingOptions = {},
): SegmentPlan[] {
  const { header, events } = readAss(ass);
  const { count, perSegment } = segmentCount(video.frames, video.fps, options);
  const msOf = (frame: number) => (frame / video.fps) * 1000;
  return Array.from({ length: count }, (_, index) => {
    const startFrame = index * perSegment;
    const last = index === count - 1;
    const endMs = last ? Number.POSITIVE_INFINITY : msOf(startFrame + perSegment);
    const prerollMs = chainStart(events, msOf(startFrame));
    const prerollFrames = startFrame - Math.floor((prerollMs / 1000) * video.fps);
    const drawn = events.filter((event) => event.startMs < endMs && event.endMs > prerollMs);
    const fingerprint = createHash('sha256')
      .update([SEGMENT_FORMAT, video.fps, startFrame, last ? 'end' : perSegment, prerollFrames].join('|'))
      .update(header)
      .update(drawn.map((event) => event.line).join('\n'))
      .digest('hex')
      .slice(0, 24);
    return { index, startFrame, frames: last ? null : perSegment, prerollFrames, fingerprint };
  });
}

export interface SegmentBurn {
  /** A local file, or a link to the stored source that ffmpeg reads by byte ranges. */
  input: string;
  output: string;
  /** Relative to ffmpeg's working folder, as for the whole-file burn. */
  assFile: string;
  fontsDir: string;
  fps: number;
  segment: SegmentPlan;
  threads: number;
  /** The length paid for (paid-length.ts): nothing after it is burned, whatever the source holds. */
  untilSeconds: number;
}

/**
 * One segment, video only, as MPEG-TS (joins without the edit lists MP4 pieces carry). The input is
 * sought to half a frame before the first rendered frame, so rounding never picks its neighbour;
 * the frames get their whole-video times back for libass, and start from zero after the pre-roll.
 *
 * The segment keeps the frames whose times fall in its stretch (half a frame before its first frame
 * to half a frame before the next segment's), not a count of frames: in a variable frame rate video
 * frame numbers and times do not follow the average rate, and a count would shift every later seam.
 */
export function segmentBurnArgs(job: SegmentBurn): string[] {
  const { startFrame, prerollFrames, frames } = job.segment;
  const firstRendered = startFrame - prerollFrames;
  const seek = firstRendered === 0 ? 0 : (firstRendered - 0.5) / job.fps;
  const end = Math.min(
    job.untilSeconds,
    frames === null ? job.untilSeconds : (startFrame + frames - 0.5) / job.fps,
  );
  const bounds = [
    ...(startFrame === 0 ? [] : [`start=${((startFrame - 0.5) / job.fps).toFixed(6)}`]),
    `end=${end.toFixed(6)}`,
  ];
  const filters = [
    `setpts=PTS+${seek.toFixed(6)}/TB`,
    ...burnInFilters(job),
    `trim=${bounds.join(':')}`,
    'setpts=PTS-STARTPTS',
  ];
  return [
    ...['-hide_banner', '-nostdin', '-y'],
    ...sourceInputArgs(job.input),
    ...(seek > 0 ? ['-ss', seek.toFixed(6)] : []),
    // Reading stops a second past the end too: a source longer than paid for is not decoded to its end.
    ...['-t', Math.max(0, end - seek + 1).toFixed(6)],
    ...['-i', job.input, '-map', '0:v:0', '-an', '-vf', filters.join(',')],
    ...videoEncoderArgs(job.threads),
    ...['-f', 'mpegts', '-progress', 'pipe:1', '-nostats', job.output],
  ];
}

/** The concat demuxer's list of the segment files, in order. */
export function segmentList(files: readonly string[]): string {
  return files.map((file) => `file '${file.replaceAll("'", "'\\''")}'\n`).join('');
}

/** The audio a join gives the burned video: the source's own (copied) or AAC when MP4 cannot carry it. */
const joinedAudioArgs = (copyAudio: boolean) =>
  copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k'];

/**
 * The source's first audio track as the burned video carries it (copied, or AAC), alone in an M4A:
 * a later join copies it from there instead of reading the source again.
 */
export function joinedAudioFileArgs(job: {
  source: string;
  output: string;
  copyAudio: boolean;
  untilSeconds: number;
}): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-y'],
    ...sourceInputArgs(job.source),
    ...['-i', job.source, '-map', '0:a:0', '-vn', '-t', job.untilSeconds.toFixed(6)],
    ...joinedAudioArgs(job.copyAudio),
    ...['-f', 'mp4', '-nostats', job.output],
  ];
}

export interface SegmentJoin {
  listFile: string;
  /** The source video (or its audio alone, as made above), whose audio is copied once, whole, so no seam can shift it. */
  source: string;
  output: string;
  copyAudio: boolean;
  /** The length paid for: the joined video (its audio too) stops there. */
  untilSeconds: number;
}

/** Joins the burned segments without re-encoding them, with the source's audio, as the final MP4. */
export function joinSegmentsArgs(job: SegmentJoin): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-y', '-f', 'concat', '-safe', '0', '-i', job.listFile],
    ...sourceInputArgs(job.source),
    ...['-i', job.source, '-map', '0:v:0', '-map', '1:a:0?', '-c:v', 'copy'],
    ...joinedAudioArgs(job.copyAudio),
    ...['-t', job.untilSeconds.toFixed(6), '-movflags', '+faststart', '-nostats', job.output],
  ];
}
