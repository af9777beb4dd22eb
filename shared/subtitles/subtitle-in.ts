import { ASS_SECTION, AssReader } from './ass-parse';
import type { Cue } from './cue';
import { SrtReader } from './srt-parse';
import { SrtError, type SrtInspection } from './subtitle-issue';
import { describeNotes } from './subtitle-notes';
import { feedLines, feedLinesYielding, type LineReader, type SubtitleLimits } from './text-lines';
import { WEBVTT_HEADER, WebVttReader } from './webvtt-parse';

export type SubtitleInFormat = 'srt' | 'webvtt' | 'ass';

export const SUBTITLE_IN_NAMES: Record<SubtitleInFormat, string> = {
  srt: 'SRT',
  webvtt: 'WebVTT',
  ass: 'ASS',
};

/** The first lines a format is told by; ASS sections may come after a long [Script Info]. */
const DETECTION_LINES = 2000;

/**
 * Which format a subtitle file is, by its content whatever its name: a first line `WEBVTT` is WebVTT,
 * a `[Script Info]` or `[Events]` section is ASS (or SSA), anything else is read as SRT.
 */
export function detectSubtitleFormat(text: string): SubtitleInFormat {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = /^[^\r\n]*/.exec(body)?.[0] ?? '';
  if (WEBVTT_HEADER.test(firstLine)) return 'webvtt';
  const head = body.slice(0, 200_000).split(/\r\n|\r|\n/, DETECTION_LINES);
  if (head.some((line) => ASS_SECTION.test(line.trim()))) return 'ass';
  return 'srt';
}

type Reader = LineReader & { finish(): SrtInspection };

const READERS: Record<SubtitleInFormat, (limits: SubtitleLimits | null) => Reader> = {
  srt: (limits) => new SrtReader(limits),
  webvtt: (limits) => new WebVttReader(limits),
  ass: (limits) => new AssReader(limits),
};

/** Every problem of an SRT, WebVTT or ASS file, each with its line, and its cues. */
export function inspectSubtitleFile(
  text: string,
  limits: SubtitleLimits | null = null,
): SrtInspection & { format: SubtitleInFormat } {
  const format = detectSubtitleFormat(text);
  const reader = READERS[format](limits);
  feedLines(text.replace(/^\uFEFF/, ''), reader, limits);
  return { ...reader.finish(), format };
}

/** Cues of an SRT, WebVTT or ASS file, throwing an SrtError that names the line of the first problem. */
export function parseSubtitleFile(text: string): { format: SubtitleInFormat; cues: Cue[] } {
  const inspection = inspectSubtitleFile(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return { format: inspection.format, cues: inspection.cues };
}

/** A subtitle file read leniently: the cues kept, in time order, and what was repaired or left out, by line. */
export interface SubtitleReading {
  format: SubtitleInFormat;
  cues: Cue[];
  /** Plain sentences, each naming its lines ("Line 812: end time … is before start time …; the subtitle was left out"). */
  notes: string[];
}

export interface ReadOptions {
  /** Only this format (the legacy paths read SRT whatever the content); by content when absent. */
  format?: SubtitleInFormat;
  limits?: SubtitleLimits | null;
}

/**
 * Reads what can be read: a cue that cannot be read is left out and noted, never the file. Refuses
 * (an SrtError naming the line) only when a limit is passed or nothing usable is left, with the
 * first problem found.
 */
function leniently(inspection: SrtInspection, format: SubtitleInFormat): SubtitleReading {
  if (inspection.cues.length === 0) {
    const [firstError] = inspection.errors;
    throw new SrtError(firstError ?? { line: null, message: 'The file contains no subtitles.' });
  }
  const inOrder = inspection.cues.every(
    (cue, index, all) => index === 0 || (all[index - 1]?.startMs ?? 0) <= cue.startMs,
  );
  const cues = inOrder ? inspection.cues : [...inspection.cues].sort((a, b) => a.startMs - b.startMs);
  const notes = describeNotes(inspection);
  if (!inOrder) notes.push('Some subtitles were not in time order: they were put in order.');
  return { format, cues, notes };
}

export function readSubtitleText(text: string, options: ReadOptions = {}): SubtitleReading {
  const format = options.format ?? detectSubtitleFormat(text);
  const reader = READERS[format](options.limits ?? null);
  feedLines(text.replace(/^\uFEFF/, ''), reader, options.limits ?? null);
  return leniently(reader.finish(), format);
}

/** As readSubtitleText, letting the event loop (or the page) run between stretches of a large file. */
export async function readSubtitleTextYielding(
  text: string,
  options: ReadOptions = {},
): Promise<SubtitleReading> {
  const format = options.format ?? detectSubtitleFormat(text);
  const reader = READERS[format](options.limits ?? null);
  await feedLinesYielding(text.replace(/^\uFEFF/, ''), reader, options.limits ?? null);
  return leniently(reader.finish(), format);
}
