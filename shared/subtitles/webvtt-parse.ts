import type { Cue } from './cue';
import { SrtError, type SrtInspection, type SrtIssue } from './srt-parse';

/** The signature line of a WebVTT file: WEBVTT alone or followed by a space or tab and a title. */
export const WEBVTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;

/** WebVTT time: `mm:ss.ttt` or `hh:mm:ss.ttt` (hours may have more digits), milliseconds exactly three digits. */
const WEBVTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Blocks that are not cues: comments, style sheets and region definitions. */
const NON_CUE_BLOCK = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

/** SRT's tags are WebVTT's too and stay; every other tag (`<c.x>`, `<v Name>`, `<lang>`, `<ruby>`, timestamps) goes. */
const KEPT_TAG = /^<\/?[ibu]>$/i;
const ANY_TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&lrm;': '\u200E',
  '&rlm;': '\u200F',
};

export function parseWebVttTime(text: string): number | null {
  const match = WEBVTT_TIME.exec(text);
  if (!match) return null;
  const [, hours = '0', minutes = '', seconds = '', milliseconds = ''] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(milliseconds);
}

/** Cue text as the product keeps it: SRT's `<i>`, `<b>`, `<u>` kept, other tags dropped, references decoded. */
export function webVttTextToCueText(line: string): string {
  return line
    .replace(ANY_TAG, (tag) => (KEPT_TAG.test(tag) ? tag.toLowerCase() : ''))
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
    .trim();
}

type TimingResult = { startMs: number; endMs: number } | { problem: string };

function readTiming(line: string): TimingResult {
  const arrow = line.indexOf('-->');
  const startText = line.slice(0, arrow).trim();
  // Cue settings (position, align…) may follow the end time; the product's style places every cue.
  const endText =
    line
      .slice(arrow + 3)
      .trim()
      .split(/[ \t]+/)[0] ?? '';
  const startMs = parseWebVttTime(startText);
  if (startMs === null)
    return { problem: `start time "${startText}" is not a valid WebVTT time (expected HH:MM:SS.mmm)` };
  const endMs = parseWebVttTime(endText);
  if (endMs === null)
    return { problem: `end time "${endText}" is not a valid WebVTT time (expected HH:MM:SS.mmm)` };
  if (endMs < startMs) return { problem: `end time ${endText} is before start time ${startText}` };
  if (endMs === startMs) return { problem: `end time ${endText} is the same as start time ${startText}` };
  return { startMs, endMs };
}

interface Block {
  firstLine: number;
  lines: string[];
}

/** The file's blocks, each with the number of its first line; the header block is the first. */
function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { firstLine: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/**
 * Reads a WebVTT file into cues, reporting every problem with its line: comments, style sheets and
 * regions are skipped, cue settings ignored (the chosen product style places the text), and only
 * SRT's own `<i>`, `<b>`, `<u>` kept of the markup.
 */
export function inspectWebVtt(text: string): SrtInspection {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const errors: SrtIssue[] = [];
  const warnings: SrtIssue[] = [];
  if (!WEBVTT_HEADER.test(lines[0] ?? '')) {
    errors.push({
      line: 1,
      message: `a WebVTT file starts with "WEBVTT", found "${(lines[0] ?? '').trim()}"`,
    });
    return { cues: [], errors, warnings };
  }
  const cues: Cue[] = [];
  let previousEndMs = Number.NEGATIVE_INFINITY;
  for (const block of blocksOf(lines).slice(1)) {
    const [first = ''] = block.lines;
    if (NON_CUE_BLOCK.test(first)) continue;
    const timingIndex = block.lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0 || timingIndex > 1) {
      const line = block.firstLine + (timingIndex < 0 ? Math.min(1, block.lines.length - 1) : 1);
      const found = block.lines[line - block.firstLine]?.trim() ?? '';
      const message =
        block.lines.length === 1 || timingIndex > 1
          ? `expected a timing line (start --> end), found "${found}"`
          : `expected a timing line after cue identifier "${first.trim()}", found "${found}"`;
      errors.push({ line, message });
      continue;
    }
    const timingLine = block.firstLine + timingIndex;
    const timing = readTiming(block.lines[timingIndex] ?? '');
    if ('problem' in timing) {
      errors.push({ line: timingLine, message: timing.problem });
      continue;
    }
    const textLines = block.lines
      .slice(timingIndex + 1)
      .map(webVttTextToCueText)
      .filter((line) => line.length > 0);
    if (textLines.length === 0) {
      warnings.push({ line: timingLine, message: 'cue has no text and was left out' });
      continue;
    }
    if (timing.startMs < previousEndMs) {
      warnings.push({ line: timingLine, message: 'cue starts before the previous cue ends' });
    }
    previousEndMs = timing.endMs;
    cues.push({ ...timing, text: textLines.join('\n') });
  }
  if (cues.length === 0 && errors.length === 0) {
    errors.push({ line: null, message: 'The file contains no subtitles.' });
  }
  return { cues, errors, warnings };
}

/** Parses WebVTT, throwing an SrtError that names the line of the first problem. */
export function parseWebVtt(text: string): Cue[] {
  const inspection = inspectWebVtt(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return inspection.cues;
}
