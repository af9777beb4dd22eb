import {
  MAX_SUBTITLE_CUE_TEXT,
  MAX_SUBTITLE_CUES,
  MAX_SUBTITLE_FILE_LINE,
  MAX_SUBTITLE_LINE,
  MAX_SUBTITLE_TEXT,
} from '../limits';
import { SrtError } from './subtitle-issue';

/** A reader of one subtitle format, fed one line at a time (`next` is the line after, when there is one). */
export interface LineReader {
  read(line: string, lineNumber: number, next: string | undefined): void;
}

/** What a file read from a user may hold (security hole 5); parsing stops at the first limit passed. */
export interface SubtitleLimits {
  cues: number;
  lineCharacters: number;
  cueCharacters: number;
  textCharacters: number;
  fileLineCharacters: number;
}

export const SUBTITLE_FILE_LIMITS: SubtitleLimits = {
  cues: MAX_SUBTITLE_CUES,
  lineCharacters: MAX_SUBTITLE_LINE,
  cueCharacters: MAX_SUBTITLE_CUE_TEXT,
  textCharacters: MAX_SUBTITLE_TEXT,
  fileLineCharacters: MAX_SUBTITLE_FILE_LINE,
};

/** A limit passed: the file is refused whatever else it holds. */
export class SubtitleLimitError extends SrtError {}

const amount = (value: number) => value.toLocaleString('en');

/**
 * Counts what a reader keeps against the limits: cues as their timing lines are read, each text line
 * and each cue's text as it grows, and the text of the whole file. Without limits it counts nothing.
 */
export class CueBudget {
  private cues = 0;
  private cueCharacters = 0;
  private textCharacters = 0;

  constructor(private readonly limits: SubtitleLimits | null) {}

  openCue(lineNumber: number): void {
    this.cueCharacters = 0;
    if (!this.limits) return;
    this.cues += 1;
    if (this.cues > this.limits.cues)
      this.refuse(lineNumber, `a subtitle file may hold at most ${amount(this.limits.cues)} subtitles`);
  }

  /** One line of a cue's text as it will be shown (markup left out or not: the caller's choice). */
  addText(text: string, lineNumber: number): void {
    if (!this.limits) return;
    if (text.length > this.limits.lineCharacters)
      this.refuse(
        lineNumber,
        `a subtitle line may hold at most ${amount(this.limits.lineCharacters)} characters`,
      );
    this.cueCharacters += text.length;
    if (this.cueCharacters > this.limits.cueCharacters)
      this.refuse(lineNumber, `a subtitle may hold at most ${amount(this.limits.cueCharacters)} characters`);
    this.textCharacters += text.length;
    if (this.textCharacters > this.limits.textCharacters)
      this.refuse(
        lineNumber,
        `a subtitle file may hold at most ${amount(this.limits.textCharacters)} characters of text`,
      );
  }

  private refuse(line: number, message: string): never {
    throw new SubtitleLimitError({ line, message });
  }
}

/**
 * The lines of a text (LF, CRLF or CR), taken one at a time so a large file is never split at once,
 * each with its number and the line after it.
 */
export class LineCursor {
  private readonly pattern = /\r\n|\r|\n/g;
  private position = 0;
  private lineNumber = 0;
  private pending: string | undefined;

  constructor(
    private readonly text: string,
    private readonly limits: SubtitleLimits | null,
  ) {
    this.pending = this.take();
  }

  private take(): string | undefined {
    if (this.position > this.text.length) return undefined;
    this.pattern.lastIndex = this.position;
    const match = this.pattern.exec(this.text);
    const end = match ? match.index : this.text.length;
    if (this.limits && end - this.position > this.limits.fileLineCharacters) {
      throw new SubtitleLimitError({
        line: this.lineNumber + (this.pending === undefined ? 1 : 2),
        message: `a line of a subtitle file may hold at most ${amount(this.limits.fileLineCharacters)} characters`,
      });
    }
    const line = this.text.slice(this.position, end);
    this.position = match ? end + match[0].length : this.text.length + 1;
    return line;
  }

  /** Feeds the next line to the reader; false when there was none left. */
  feed(reader: LineReader): boolean {
    const line = this.pending;
    if (line === undefined) return false;
    this.pending = this.take();
    this.lineNumber += 1;
    reader.read(line, this.lineNumber, this.pending);
    return true;
  }
}

/** Every line of the text to the reader, at once. */
export function feedLines(text: string, reader: LineReader, limits: SubtitleLimits | null = null): void {
  const cursor = new LineCursor(text, limits);
  while (cursor.feed(reader)) {
    // each call reads one line
  }
}

/** How long a stretch of parsing may hold the thread before it lets other work run. */
const SLICE_MS = 8;

const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Every line of the text to the reader, in stretches of at most SLICE_MS, giving the event loop (or
 * the page) its turn between them: a large file never holds the server's other requests for long.
 */
export async function feedLinesYielding(
  text: string,
  reader: LineReader,
  limits: SubtitleLimits | null = null,
): Promise<void> {
  const cursor = new LineCursor(text, limits);
  let sliceStarted = performance.now();
  let count = 0;
  while (cursor.feed(reader)) {
    count += 1;
    if (count % 256 === 0 && performance.now() - sliceStarted > SLICE_MS) {
      await yieldToLoop();
      sliceStarted = performance.now();
    }
  }
}
