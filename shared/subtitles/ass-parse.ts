import type { Cue, CuePosition } from './cue';
import { positionIn } from './cue-position';
import { SrtError, type SrtInspection, type SrtIssue } from './subtitle-issue';
import { CueBudget, feedLines, type LineReader, type SubtitleLimits } from './text-lines';

/** A section heading such as `[Script Info]`, `[V4+ Styles]` or `[Events]`. */
const SECTION = /^\[([^\]]+)\]$/;
/** The sections that make a text an ASS (or SSA) script. */
export const ASS_SECTION = /^\[(?:Script Info|Events)\]$/i;

/**
 * ASS time: H:MM:SS.cc (centiseconds). As pysubs2 reads it: minutes and seconds of one digit too, the
 * fraction a decimal one of 1–3 digits (`.5` half a second, `.255` milliseconds); a minus before it as negative.
 */
const ASS_TIME = /^(-?)(\d+):(\d{1,2}):(\d{1,2})\.(\d{1,3})$/;

/** The field order of an [Events] section that names none (ASS v4+). */
const DEFAULT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

export function parseAssTime(text: string): number | null {
  const match = ASS_TIME.exec(text.trim());
  if (!match) return null;
  const [, sign = '', hours = '', minutes = '', seconds = '', fraction = ''] = match;
  const milliseconds = Number(fraction.padEnd(3, '0'));
  const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + milliseconds;
  return sign ? -ms : ms;
}

/** A drawing-mode switch inside an override block: `\p1` starts vector drawing, `\p0` ends it. */
const DRAWING = /\\p(\d+)/g;

/**
 * Dialogue text as plain cue text: override blocks `{…}` (styling, positions, karaoke) stripped, the
 * drawing commands they switch on dropped, `\N` a line break, `\n` and `\h` spaces. The chosen product
 * style replaces whatever the file styled.
 */
export function assTextToCueText(text: string): string {
  return assTextToCue(text).text;
}

/** Dialogue text as cue text (see assTextToCueText) and the position its `{\anN}` or `{\aN}` sets. */
export function assTextToCue(text: string): { text: string; position: CuePosition | undefined } {
  let plain = '';
  let drawing = false;
  let position: CuePosition | undefined;
  // `\{` and `\}` are braces libass draws, not the start or end of an override block.
  for (const part of text.split(/((?<!\\)\{[^}]*\})/)) {
    if (part.startsWith('{') && part.endsWith('}')) {
      for (const [, level = '0'] of part.matchAll(DRAWING)) drawing = Number(level) > 0;
      const set = positionIn(part);
      if (set !== null) position = set;
      continue;
    }
    if (!drawing) plain += part;
  }
  const cueText = plain
    .replace(/\\([{}])/g, '$1')
    .replace(/\\N/g, '\n')
    .replace(/\\[nh]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  return { text: cueText, position };
}

interface Dialogue {
  line: number;
  startMs: number;
  endMs: number;
  text: string;
  position: CuePosition | undefined;
}

export class AssReader implements LineReader {
  readonly errors: SrtIssue[] = [];
  readonly warnings: SrtIssue[] = [];
  readonly repairs: SrtIssue[] = [];
  readonly dialogues: Dialogue[] = [];
  private readonly budget: CueBudget;
  private section = '';
  private format: string[] | null = null;
  sawEvents = false;

  constructor(limits: SubtitleLimits | null = null) {
    this.budget = new CueBudget(limits);
  }

  read(raw: string, lineNumber: number): void {
    const line = raw.trim();
    if (line === '' || line.startsWith(';') || line.startsWith('!:')) return;
    const heading = SECTION.exec(line);
    if (heading) {
      this.section = (heading[1] ?? '').trim().toLowerCase();
      if (this.section === 'events') this.sawEvents = true;
      return;
    }
    if (this.section !== 'events') return; // script info, styles, fonts: the product style replaces them
    const colon = line.indexOf(':');
    if (colon < 0) {
      this.errors.push({
        line: lineNumber,
        message: `expected "Format:", "Dialogue:" or "Comment:", found "${line}"`,
        leftOut: 'text',
      });
      return;
    }
    const kind = line.slice(0, colon).trim().toLowerCase();
    const rest = line.slice(colon + 1);
    if (kind === 'format') this.readFormat(rest, lineNumber);
    else if (kind === 'dialogue') this.readDialogue(rest, lineNumber);
    // Comment, Picture, Sound, Movie and Command events show no text.
  }

  finish(): SrtInspection {
    return finishAss(this);
  }

  private readFormat(rest: string, lineNumber: number): void {
    const fields = rest.split(',').map((field) => field.trim().toLowerCase());
    const missing = ['start', 'end', 'text'].filter((field) => !fields.includes(field));
    if (missing.length > 0) {
      this.errors.push({ line: lineNumber, message: `the Format line names no ${missing.join(', ')} field` });
      this.format = null;
      return;
    }
    if (fields.at(-1) !== 'text') {
      this.errors.push({ line: lineNumber, message: 'the Format line must end with the Text field' });
      this.format = null;
      return;
    }
    this.format = fields;
  }

  private readDialogue(rest: string, lineNumber: number): void {
    const format = this.format ?? DEFAULT_FORMAT;
    const parts = rest.split(',');
    if (parts.length < format.length) {
      this.errors.push({
        line: lineNumber,
        message: `a Dialogue line needs ${format.length} fields separated by commas, found ${parts.length}`,
        leftOut: 'cue',
      });
      return;
    }
    // The text is the last field and may itself hold commas.
    const values = [...parts.slice(0, format.length - 1), parts.slice(format.length - 1).join(',')];
    const field = (name: string) => values[format.indexOf(name)] ?? '';
    this.budget.openCue(lineNumber);
    const startText = field('start').trim();
    const endText = field('end').trim();
    const startMs = parseAssTime(startText);
    if (startMs === null) {
      this.errors.push({
        line: lineNumber,
        message: `start time "${startText}" is not a valid ASS time (expected H:MM:SS.cc)`,
        leftOut: 'cue',
      });
      return;
    }
    const endMs = parseAssTime(endText);
    if (endMs === null) {
      this.errors.push({
        line: lineNumber,
        message: `end time "${endText}" is not a valid ASS time (expected H:MM:SS.cc)`,
        leftOut: 'cue',
      });
      return;
    }
    if (endMs < startMs) {
      this.errors.push({
        line: lineNumber,
        message: `end time ${endText} is before start time ${startText}`,
        leftOut: 'cue',
      });
      return;
    }
    if (endMs === startMs) {
      this.errors.push({
        line: lineNumber,
        message: `end time ${endText} is the same as start time ${startText}`,
        leftOut: 'cue',
      });
      return;
    }
    if (endMs <= 0) {
      this.errors.push({
        line: lineNumber,
        message: `end time ${endText} is before the video starts`,
        leftOut: 'cue',
      });
      return;
    }
    if (startMs < 0) {
      this.repairs.push({
        line: lineNumber,
        message: `start time ${startText} is before the video starts: read as 0:00:00.00`,
      });
    }
    const { text, position } = assTextToCue(field('text'));
    for (const textLine of text.split('\n')) this.budget.addText(textLine, lineNumber);
    this.dialogues.push({ line: lineNumber, startMs: Math.max(0, startMs), endMs, text, position });
  }
}

/**
 * Reads an ASS (or SSA) script's [Events] into cues in time order, reporting every problem with its
 * line. Styles, positions and effects are not kept: the video's product style is burned in instead.
 */
export function inspectAss(text: string, limits: SubtitleLimits | null = null): SrtInspection {
  const reader = new AssReader(limits);
  feedLines(text.replace(/^\uFEFF/, ''), reader, limits);
  return reader.finish();
}

function finishAss(reader: AssReader): SrtInspection {
  const { errors, warnings, repairs } = reader;
  if (!reader.sawEvents && errors.length === 0) {
    errors.push({ line: null, message: 'The file has no [Events] section, so it holds no subtitles.' });
  }
  const cues: Cue[] = [];
  let previousEndMs = Number.NEGATIVE_INFINITY;
  const inTimeOrder = [...reader.dialogues].sort((a, b) => a.startMs - b.startMs || a.line - b.line);
  for (const dialogue of inTimeOrder) {
    if (dialogue.text.length === 0) {
      warnings.push({
        line: dialogue.line,
        message: 'Dialogue has no text once its styling is removed and was left out',
      });
      continue;
    }
    if (dialogue.startMs < previousEndMs) {
      warnings.push({ line: dialogue.line, message: 'Dialogue starts before the previous one ends' });
    }
    previousEndMs = Math.max(previousEndMs, dialogue.endMs);
    const cue: Cue = { startMs: dialogue.startMs, endMs: dialogue.endMs, text: dialogue.text };
    if (dialogue.position) cue.position = dialogue.position;
    cues.push(cue);
  }
  if (cues.length === 0 && errors.length === 0) {
    errors.push({ line: null, message: 'The file contains no subtitles.' });
  }
  return { cues, errors, warnings, repairs };
}

/** Parses ASS, throwing an SrtError that names the line of the first problem. */
export function parseAss(text: string): Cue[] {
  const inspection = inspectAss(text);
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return inspection.cues;
}
