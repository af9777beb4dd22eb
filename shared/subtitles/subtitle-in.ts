import { ASS_SECTION, inspectAss } from './ass-parse';
import type { Cue } from './cue';
import { inspectSrt, SrtError, type SrtInspection } from './srt-parse';
import { inspectWebVtt, WEBVTT_HEADER } from './webvtt-parse';

export type SubtitleInFormat = 'srt' | 'webvtt' | 'ass';

export const SUBTITLE_IN_NAMES: Record<SubtitleInFormat, string> = {
  srt: 'SRT',
  webvtt: 'WebVTT',
  ass: 'ASS',
};

/**
 * Which format a subtitle file is, by its content whatever its name: a first line `WEBVTT` is WebVTT,
 * a `[Script Info]` or `[Events]` section is ASS (or SSA), anything else is read as SRT.
 */
export function detectSubtitleFormat(text: string): SubtitleInFormat {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (WEBVTT_HEADER.test(lines[0] ?? '')) return 'webvtt';
  if (lines.some((line) => ASS_SECTION.test(line.trim()))) return 'ass';
  return 'srt';
}

const INSPECTORS: Record<SubtitleInFormat, (text: string) => SrtInspection> = {
  srt: inspectSrt,
  webvtt: inspectWebVtt,
  ass: inspectAss,
};

/** Every problem of an SRT, WebVTT or ASS file, each with its line, and its cues. */
export function inspectSubtitleFile(text: string): SrtInspection & { format: SubtitleInFormat } {
  const format = detectSubtitleFormat(text);
  return { ...INSPECTORS[format](text), format };
}

/** Cues of an SRT, WebVTT or ASS file, throwing an SrtError that names the line of the first problem. */
export function parseSubtitleFile(text: string): { format: SubtitleInFormat; cues: Cue[] } {
  const inspection = inspectSubtitleFile(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return { format: inspection.format, cues: inspection.cues };
}
