import type { Cue } from './cue';
import { SrtError, type SrtInspection, type SrtIssue } from './subtitle-issue';
import { CueBudget, feedLines, type LineReader, type SubtitleLimits } from './text-lines';
import { positionFromSettings, webVttTextToCueText } from './webvtt-cue-text';

export { webVttTextToCueText } from './webvtt-cue-text';

/** What becomes of a NUL in a WebVTT file (the only files that may hold one): the spec's U+FFFD. */
export const NUL_SHOWN = 'a NUL character, which text should not hold, is shown as \uFFFD';

/** The signature line of a WebVTT file: WEBVTT alone or followed by a space or tab and a title. */
export const WEBVTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;

/**
 * A WebVTT timestamp as the spec collects it: `mm:ss.ttt`, or hours (any number of digits, one
 * too) before them; the milliseconds exactly three digits. Answers the time and the characters read.
 */
function collectTimestamp(text: string, from: number): { ms: number; end: number } | null {
  const match = /^(\d+):(\d{2})(?::(\d{2}))?\.(\d{3})(?!\d)/.exec(text.slice(from));
  if (!match) return null;
  const [whole, first = '', second = '', third, fraction = ''] = match;
  const firstIsHours = first.length !== 2 || Number(first) > 59;
  if (firstIsHours && third === undefined) return null;
  const [hours, minutes, seconds] =
    third === undefined ? [0, Number(first), Number(second)] : [Number(first), Number(second), Number(third)];
  if (minutes > 59 || seconds > 59) return null;
  return { ms: ((hours * 60 + minutes) * 60 + seconds) * 1000 + Number(fraction), end: from + whole.length };
}

export function parseWebVttTime(text: string): number | null {
  const found = collectTimestamp(text, 0);
  return found && found.end === text.length ? found.ms : null;
}

/** The spec's whitespace (space, tab, line feed, form feed, carriage return): not a vertical tab nor Unicode spaces. */
const SPEC_SPACE_AROUND = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;
const SPEC_SPACE_BEFORE = /^[ \t\n\f\r]+/;

type TimingResult = { startMs: number; endMs: number; settings: string } | { problem: string };

/** The spec's "collect WebVTT cue timings and settings", with a message naming what failed. */
function readTiming(line: string): TimingResult {
  const arrow = line.indexOf('-->');
  const startText = line.slice(0, arrow).replace(SPEC_SPACE_AROUND, '');
  const afterArrow = line.slice(arrow + 3);
  const endFrom = afterArrow.length - afterArrow.replace(SPEC_SPACE_BEFORE, '').length;
  const endText = afterArrow.replace(SPEC_SPACE_AROUND, '').split(/[ \t\f]+/)[0] ?? '';
  const start = parseWebVttTime(startText);
  if (start === null)
    return { problem: `start time "${startText}" is not a valid WebVTT time (expected HH:MM:SS.mmm)` };
  const end = collectTimestamp(afterArrow, endFrom);
  if (end === null)
    return { problem: `end time "${endText}" is not a valid WebVTT time (expected HH:MM:SS.mmm)` };
  if (end.ms < start) return { problem: `end time ${endText} is before start time ${startText}` };
  if (end.ms === start) return { problem: `end time ${endText} is the same as start time ${startText}` };
  return { startMs: start, endMs: end.ms, settings: afterArrow.slice(end.end) };
}

interface Block {
  firstLine: number;
  lines: string[];
  /** Lines read into the block, the spec's "line count". */
  count: number;
  seenArrow: boolean;
  timingLine: number;
  timing: TimingResult | null;
  kind: 'text' | 'style' | 'region';
}

/**
 * The WebVTT parsing algorithm (w3.org/TR/webvtt1, "collect a WebVTT block"), a line at a time: a
 * block that is not a cue (a bad timing, stray text) is left out and reported, never the file;
 * a cue written right under the header, or without a blank line before it, is read as the spec does.
 */
export class WebVttReader implements LineReader {
  readonly errors: SrtIssue[] = [];
  readonly warnings: SrtIssue[] = [];
  readonly repairs: SrtIssue[] = [];
  private readonly cues: Cue[] = [];
  private readonly budget: CueBudget;
  private state: 'signature' | 'after-signature' | 'header' | 'blocks' = 'signature';
  private block: Block | null = null;
  private seenCue = false;
  private signatureFailed = false;
  private previousEndMs = Number.NEGATIVE_INFINITY;

  constructor(limits: SubtitleLimits | null = null) {
    this.budget = new CueBudget(limits);
  }

  read(raw: string, lineNumber: number): void {
    const line = raw.replaceAll('\0', '\uFFFD');
    if (line !== raw)
      this.repairs.push({
        line: lineNumber,
        message: NUL_SHOWN,
      });
    if (this.state === 'signature') {
      if (!WEBVTT_HEADER.test(line)) {
        this.signatureFailed = true;
        this.errors.push({ line: 1, message: `a WebVTT file starts with "WEBVTT", found "${line.trim()}"` });
      }
      this.state = 'after-signature';
      return;
    }
    if (this.signatureFailed) return;
    if (this.state === 'after-signature') {
      this.state = line === '' ? 'blocks' : 'header';
      if (line === '') return;
    }
    if (this.state === 'header') {
      // The header block ends at a blank line, or where a timing line starts the first cue.
      if (line === '') this.state = 'blocks';
      else if (line.includes('-->')) {
        this.state = 'blocks';
        this.readBlockLine(line, lineNumber);
      }
      return;
    }
    this.readBlockLine(line, lineNumber);
  }

  private readBlockLine(line: string, lineNumber: number): void {
    if (!this.block) {
      if (line === '') return;
      this.block = {
        firstLine: lineNumber,
        lines: [],
        count: 0,
        seenArrow: false,
        timingLine: 0,
        timing: null,
        kind: 'text',
      };
    }
    const block = this.block;
    block.count += 1;
    if (line.includes('-->')) {
      if (block.count === 1 || (block.count === 2 && !block.seenArrow)) {
        block.seenArrow = true;
        block.timingLine = lineNumber;
        block.timing = readTiming(line);
        this.budget.openCue(lineNumber);
        if (!('problem' in block.timing)) this.seenCue = true;
        block.lines = [];
      } else {
        // A timing line inside a block ends it and starts the next cue.
        if (block.seenArrow)
          this.repairs.push({
            line: lineNumber,
            message: 'no blank line before this subtitle: it was split from the one before',
          });
        this.endBlock();
        this.readBlockLine(line, lineNumber);
      }
      return;
    }
    if (line === '') {
      this.endBlock();
      return;
    }
    if (block.count === 2 && !block.seenArrow && !this.seenCue) {
      if (/^STYLE[ \t]*$/.test(block.lines[0] ?? '')) block.kind = 'style';
      if (/^REGION[ \t]*$/.test(block.lines[0] ?? '')) block.kind = 'region';
    }
    if (block.seenArrow && block.timing && !('problem' in block.timing)) {
      this.budget.addText(webVttTextToCueText(line), lineNumber);
    }
    block.lines.push(line);
  }

  private endBlock(): void {
    const block = this.block;
    this.block = null;
    if (block?.kind !== 'text') return;
    if (!block.seenArrow) {
      this.reportStray(block);
      return;
    }
    const timing = block.timing;
    if (!timing || 'problem' in timing) {
      this.errors.push({ line: block.timingLine, message: timing?.problem ?? '', leftOut: 'cue' });
      return;
    }
    const text = block.lines
      .map(webVttTextToCueText)
      .filter((line) => line.length > 0)
      .join('\n');
    if (text.length === 0) {
      this.warnings.push({ line: block.timingLine, message: 'cue has no text and was left out' });
      return;
    }
    const cue: Cue = { startMs: timing.startMs, endMs: timing.endMs, text };
    const position = positionFromSettings(timing.settings);
    if (position) cue.position = position;
    if (cue.startMs < this.previousEndMs) {
      this.warnings.push({ line: block.timingLine, message: 'cue starts before the previous cue ends' });
    }
    this.previousEndMs = cue.endMs;
    this.cues.push(cue);
  }

  /** Text that is no cue: a comment says nothing; anything else is reported, and left out. */
  private reportStray(block: Block): void {
    const [first = ''] = block.lines;
    if (/^NOTE(?:[ \t]|$)/.test(first) || /^(?:STYLE|REGION)[ \t]*$/.test(first)) return;
    const second = block.lines[1];
    const message =
      second === undefined
        ? `expected a timing line (start --> end), found "${first.trim()}"`
        : `expected a timing line after cue identifier "${first.trim()}", found "${second.trim()}"`;
    this.errors.push({ line: block.firstLine + (second === undefined ? 0 : 1), message, leftOut: 'text' });
  }

  finish(): SrtInspection {
    this.endBlock();
    if (this.signatureFailed) return { cues: [], errors: this.errors, warnings: [], repairs: [] };
    if (this.cues.length === 0 && this.errors.length === 0) {
      this.errors.push({ line: null, message: 'The file contains no subtitles.' });
    }
    return { cues: this.cues, errors: this.errors, warnings: this.warnings, repairs: this.repairs };
  }
}

/**
 * Reads a WebVTT file into cues, reporting every problem with its line: comments, style sheets and
 * regions are skipped, `line`, `position`, `size` and `align` settings kept as the cue's position, and only SRT's own
 * `<i>`, `<b>`, `<u>` kept of the markup.
 */
export function inspectWebVtt(text: string, limits: SubtitleLimits | null = null): SrtInspection {
  const reader = new WebVttReader(limits);
  feedLines(text.replace(/^\uFEFF/, ''), reader, limits);
  return reader.finish();
}

/** Parses WebVTT, throwing an SrtError that names the line of the first problem. */
export function parseWebVtt(text: string): Cue[] {
  const inspection = inspectWebVtt(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return inspection.cues;
}
