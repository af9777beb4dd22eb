import { unescapeSrtLine } from './ass-text';
import type { Cue } from './cue';
import { takeOverrideBlocks } from './cue-position';
import { tidySrtTags } from './srt-tags';
import { SrtError, type SrtInspection, type SrtIssue } from './subtitle-issue';
import { CueBudget, feedLines, type LineReader, type SubtitleLimits } from './text-lines';
import { countTimestamp, formatTimestamp, parseTimestamp } from './timecode';
import { decodeReferences } from './webvtt-cue-text';

export { describeIssue, SrtError, type SrtInspection, type SrtIssue } from './subtitle-issue';

interface OpenCue {
  startMs: number;
  endMs: number;
  line: number;
  textLines: string[];
  valid: boolean;
}

/** A cue number, also as some tools write it (`12.`). */
const SEQUENCE_NUMBER = /^\d+\.?$/;
/** Inside a cue, a line shaped like a timing line starts the next cue (its blank line was missing). */
const TIMING_SHAPE = /^\d[\d:.,，：．]*\s*-\s*-?\s*>\s*\d/;

function looksLikeTiming(line: string | undefined): boolean {
  if (line === undefined) return false;
  return /-\s*-\s*>|->/.test(line) || /^\d+:\d+:\d+/.test(line.trim());
}

/**
 * What other readers take in a timing line: an arrow spaced or short (`-- >`, `- >`, `->`: the srt
 * library and pysubs2 read them), full-width commas, colons and stops.
 */
function normalisedTiming(line: string): string {
  return line
    .replace(/-\s*-?\s*>/, '-->')
    .replaceAll('，', ',')
    .replaceAll('：', ':')
    .replaceAll('．', '.');
}

type TimingResult = { startMs: number; endMs: number; counted: string[] } | { problem: string };

/** A time as written, or as ffmpeg, srt and pysubs2 count one whose minutes or seconds are one digit or pass 59. */
function readTime(text: string, counted: string[]): number | null {
  const ms = parseTimestamp(text);
  if (ms !== null) return ms;
  const overflowing = countTimestamp(text);
  if (overflowing !== null) counted.push(`the time "${text}" was read as ${formatTimestamp(overflowing)}`);
  return overflowing;
}

function readTiming(line: string): TimingResult {
  const arrow = line.indexOf('-->');
  if (arrow < 0) return { problem: `"${line.trim()}" needs " --> " between the start and end times` };
  const startText = line.slice(0, arrow).trim();
  const endText =
    line
      .slice(arrow + 3)
      .trim()
      .split(/\s+/)[0] ?? '';
  const counted: string[] = [];
  const startMs = readTime(startText, counted);
  if (startMs === null)
    return { problem: `start time "${startText}" is not a valid time (expected HH:MM:SS,mmm)` };
  const endMs = readTime(endText, counted);
  if (endMs === null) return { problem: `end time "${endText}" is not a valid time (expected HH:MM:SS,mmm)` };
  if (endMs < startMs) return { problem: `end time ${endText} is before start time ${startText}` };
  if (endMs === startMs) return { problem: `end time ${endText} is the same as start time ${startText}` };
  return { startMs, endMs, counted };
}

/**
 * Reads SRT tolerantly (BOM, CRLF, spaces, blank lines, numbering, the variants other readers take)
 * and reports what matters: each cue it had to leave out, with its line, and what it put right.
 * With limits, stops at the first one passed (a SubtitleLimitError).
 */
export function inspectSrt(text: string, limits: SubtitleLimits | null = null): SrtInspection {
  const reader = new SrtReader(limits);
  feedLines(text.replace(/^\uFEFF/, ''), reader, limits);
  return reader.finish();
}

/** Parses SRT, throwing an SrtError that names the line of the first problem. */
export function parseSrt(text: string): Cue[] {
  const inspection = inspectSrt(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return inspection.cues;
}

export class SrtReader implements LineReader {
  private readonly opened: OpenCue[] = [];
  private readonly errors: SrtIssue[] = [];
  private readonly repairs: SrtIssue[] = [];
  private readonly budget: CueBudget;
  private inBlock = false;
  private skipNumberAt = 0;
  private afterBlank = false;

  constructor(limits: SubtitleLimits | null = null) {
    this.budget = new CueBudget(limits);
  }

  read(raw: string, lineNumber: number, next: string | undefined): void {
    const line = raw.trim();
    const nextLine = next?.trim();
    if (line === '') {
      if (this.inBlock) this.afterBlank = true;
      this.inBlock = false;
    } else if (this.inBlock) {
      this.readInsideBlock(line, lineNumber);
    } else if (SEQUENCE_NUMBER.test(line) && looksLikeTiming(nextLine)) {
      this.skipNumberAt = lineNumber;
      this.inBlock = true;
    } else if (SEQUENCE_NUMBER.test(line) && !this.opened.at(-1)?.valid) {
      const found = nextLine ? `found "${nextLine}"` : 'found nothing';
      this.errors.push({
        line: lineNumber + 1,
        message: `expected a timing line after cue number ${line}, ${found}`,
        leftOut: 'text',
      });
      this.inBlock = true;
      this.opened.push({ startMs: 0, endMs: 0, line: lineNumber, textLines: [], valid: false });
    } else {
      this.readBlockStart(line, lineNumber);
    }
  }

  private readBlockStart(line: string, lineNumber: number): void {
    this.inBlock = true;
    const last = this.opened.at(-1);
    if (looksLikeTiming(line)) {
      this.openCue(line, lineNumber);
    } else if (last) {
      // Text after a blank line belongs to the cue before it (a number alone too, when no timing follows).
      if (last.valid && this.afterBlank) {
        this.repairs.push({ line: lineNumber - 1, message: 'a blank line inside a subtitle was left out' });
      }
      this.addText(last, line, lineNumber);
    } else {
      this.errors.push({
        line: lineNumber,
        message: `expected a cue number or a timing line, found "${line}"`,
        leftOut: 'text',
      });
      this.opened.push({ startMs: 0, endMs: 0, line: lineNumber, textLines: [], valid: false });
    }
    this.afterBlank = false;
  }

  private readInsideBlock(line: string, lineNumber: number): void {
    const last = this.opened.at(-1);
    const isTiming = this.skipNumberAt === lineNumber - 1 || TIMING_SHAPE.test(line);
    if (isTiming || !last) {
      // A timing line without a blank line before it: the text line before it was its number.
      if (last && this.skipNumberAt !== lineNumber - 1) {
        if (SEQUENCE_NUMBER.test(last.textLines.at(-1) ?? '')) last.textLines.pop();
        this.repairs.push({
          line: lineNumber,
          message: 'no blank line before this subtitle: it was split from the one before',
        });
      }
      this.openCue(line, lineNumber);
    } else {
      this.addText(last, line, lineNumber);
    }
  }

  private addText(cue: OpenCue, line: string, lineNumber: number): void {
    if (cue.valid) this.budget.addText(line, lineNumber);
    cue.textLines.push(line);
  }

  private openCue(raw: string, lineNumber: number): void {
    this.budget.openCue(lineNumber);
    const line = normalisedTiming(raw);
    const timing = readTiming(line);
    if ('problem' in timing) {
      this.errors.push({ line: lineNumber, message: timing.problem, leftOut: 'cue' });
      this.opened.push({ startMs: 0, endMs: 0, line: lineNumber, textLines: [], valid: false });
      return;
    }
    if (line !== raw) {
      this.repairs.push({
        line: lineNumber,
        message: `the timing line "${raw.trim()}" was read as "${line.trim()}"`,
      });
    }
    for (const time of timing.counted) {
      this.repairs.push({ line: lineNumber, message: time });
    }
    this.opened.push({
      startMs: timing.startMs,
      endMs: timing.endMs,
      line: lineNumber,
      textLines: [],
      valid: true,
    });
  }

  finish(): SrtInspection {
    const cues: Cue[] = [];
    const warnings: SrtIssue[] = [];
    let previousEndMs = Number.NEGATIVE_INFINITY;
    for (const open of this.opened) {
      if (!open.valid) continue;
      const { text, position } = takeOverrideBlocks(open.textLines.join('\n'));
      const lines = tidySrtTags(text)
        .split('\n')
        .map((line) => decodeReferences(unescapeSrtLine(line)).trim())
        .filter((line) => line.length > 0);
      if (lines.length === 0) {
        warnings.push({ line: open.line, message: 'cue has no text and was left out' });
        continue;
      }
      if (open.startMs < previousEndMs) {
        warnings.push({ line: open.line, message: 'cue starts before the previous cue ends' });
      }
      previousEndMs = open.endMs;
      const cue: Cue = { startMs: open.startMs, endMs: open.endMs, text: lines.join('\n') };
      if (position) cue.position = position;
      cues.push(cue);
    }
    if (cues.length === 0 && this.errors.length === 0) {
      this.errors.push({ line: null, message: 'The file contains no subtitles.' });
    }
    return { cues, errors: this.errors, warnings, repairs: this.repairs };
  }
}
