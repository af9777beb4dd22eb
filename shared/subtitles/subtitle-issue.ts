import type { Cue } from './cue';

/** A problem in a subtitle file; `line` is 1-based, null when it concerns the whole file. */
export interface SrtIssue {
  line: number | null;
  message: string;
  /** What a lenient reading leaves out for it: the cue, or the lines of text that could not be placed. */
  leftOut?: 'cue' | 'text';
}

/**
 * What a reader found: the cues it kept; `errors`, each of which left a cue or some text out (a strict
 * parse refuses on the first); `warnings` (overlaps, cues without text); `repairs`, what it put right
 * by itself.
 */
export interface SrtInspection {
  cues: Cue[];
  errors: SrtIssue[];
  warnings: SrtIssue[];
  repairs?: SrtIssue[];
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
