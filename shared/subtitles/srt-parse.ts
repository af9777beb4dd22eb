import type { Cue } from './cue';
import { parseTimestamp } from './timecode';

/** A problem in an SRT file; `line` is 1-based, null when it concerns the whole file. */
export interface SrtIssue {
  line: number | null;
  message: string;
}

export interface SrtInspection {
  cues: Cue[];
  errors: SrtIssue[];
  warnings: SrtIssue[];
}

export function describeIssue(issue: SrtIssue): string {
  return issue.line === null ? issue.message : `Line ${issue.line}: ${issue.message}`;
}

export class SrtError extends Error {
  readonly line: number | null;
  constructor(issue: SrtIssue) {
    super(describeIssue(issue));
    this.name = 'SrtError';
    this.line = issue.line;
  }
}

interface OpenCue {
  startMs: number;
  endMs: number;
  line: number;
  textLines: string[];
  valid: boolean;
}

const SEQUENCE_NUMBER = /^\d+$/;
/** Inside a cue, a line shaped like a timing line starts the next cue (its blank line was missing). */
const TIMING_SHAPE = /^\d[\d:.,]*\s*-->\s*\d/;

function looksLikeTiming(line: string | undefined): boolean {
  if (line === undefined) return false;
  return /-->|->/.test(line) || /^\d+:\d+:\d+/.test(line.trim());
}

type TimingResult = { startMs: number; endMs: number } | { problem: string };

function readTiming(line: string): TimingResult {
  const arrow = line.indexOf('-->');
  if (arrow < 0) return { problem: `"${line.trim()}" needs " --> " between the start and end times` };
  const startText = line.slice(0, arrow).trim();
  const endText =
    line
      .slice(arrow + 3)
      .trim()
      .split(/\s+/)[0] ?? '';
  const startMs = parseTimestamp(startText);
  if (startMs === null)
    return { problem: `start time "${startText}" is not a valid time (expected HH:MM:SS,mmm)` };
  const endMs = parseTimestamp(endText);
  if (endMs === null) return { problem: `end time "${endText}" is not a valid time (expected HH:MM:SS,mmm)` };
  if (endMs < startMs) return { problem: `end time ${endText} is before start time ${startText}` };
  if (endMs === startMs) return { problem: `end time ${endText} is the same as start time ${startText}` };
  return { startMs, endMs };
}

/** Reads SRT tolerantly (BOM, CRLF, spaces, blank lines, numbering) and reports what matters: the timings. */
export function inspectSrt(text: string): SrtInspection {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const reader = new SrtReader();
  lines.forEach((line, index) => {
    reader.read(line.trim(), index + 1, lines[index + 1]);
  });
  return reader.finish();
}

/** Parses SRT, throwing an SrtError that names the line of the first problem. */
export function parseSrt(text: string): Cue[] {
  const inspection = inspectSrt(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return inspection.cues;
}

class SrtReader {
  private readonly opened: OpenCue[] = [];
  private readonly errors: SrtIssue[] = [];
  private inBlock = false;
  private skipNumberAt = 0;

  read(line: string, lineNumber: number, nextLine: string | undefined): void {
    if (line === '') {
      this.inBlock = false;
    } else if (this.inBlock) {
      this.readInsideBlock(line, lineNumber);
    } else if (SEQUENCE_NUMBER.test(line) && looksLikeTiming(nextLine)) {
      this.skipNumberAt = lineNumber;
      this.inBlock = true;
    } else if (SEQUENCE_NUMBER.test(line)) {
      const found = nextLine?.trim() ? `found "${nextLine.trim()}"` : 'found nothing';
      this.errors.push({
        line: lineNumber + 1,
        message: `expected a timing line after cue number ${line}, ${found}`,
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
      last.textLines.push(line); // text after a blank line belongs to the cue before it
    } else {
      this.errors.push({
        line: lineNumber,
        message: `expected a cue number or a timing line, found "${line}"`,
      });
      this.opened.push({ startMs: 0, endMs: 0, line: lineNumber, textLines: [], valid: false });
    }
  }

  private readInsideBlock(line: string, lineNumber: number): void {
    const last = this.opened.at(-1);
    const isTiming = this.skipNumberAt === lineNumber - 1 || TIMING_SHAPE.test(line);
    if (isTiming || !last) {
      // A timing line without a blank line before it: the text line before it was its number.
      if (last && this.skipNumberAt !== lineNumber - 1 && SEQUENCE_NUMBER.test(last.textLines.at(-1) ?? '')) {
        last.textLines.pop();
      }
      this.openCue(line, lineNumber);
    } else {
      last.textLines.push(line);
    }
  }

  private openCue(line: string, lineNumber: number): void {
    const timing = readTiming(line);
    if ('problem' in timing) {
      this.errors.push({ line: lineNumber, message: timing.problem });
      this.opened.push({ startMs: 0, endMs: 0, line: lineNumber, textLines: [], valid: false });
      return;
    }
    this.opened.push({ ...timing, line: lineNumber, textLines: [], valid: true });
  }

  finish(): SrtInspection {
    const cues: Cue[] = [];
    const warnings: SrtIssue[] = [];
    let previousEndMs = Number.NEGATIVE_INFINITY;
    for (const open of this.opened) {
      if (!open.valid) continue;
      if (open.textLines.length === 0) {
        warnings.push({ line: open.line, message: 'cue has no text and was left out' });
        continue;
      }
      if (open.startMs < previousEndMs) {
        warnings.push({ line: open.line, message: 'cue starts before the previous cue ends' });
      }
      previousEndMs = open.endMs;
      cues.push({ startMs: open.startMs, endMs: open.endMs, text: open.textLines.join('\n') });
    }
    if (cues.length === 0 && this.errors.length === 0) {
      this.errors.push({ line: null, message: 'The file contains no subtitles.' });
    }
    return { cues, errors: this.errors, warnings };
  }
}
