/** One subtitle event. Times are whole milliseconds from the start of the video; lines are separated by `\n`. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
  /**
   * When the words the cue shows are spoken, where the speech engine timed them (generated cues);
   * the limits on showing a cue early or keeping it late count from these. Absent for cues read
   * from an SRT file, whose own times stand for the speech.
   */
  spoken?: { startMs: number; endMs: number };
  /**
   * Where the file placed the cue, as ASS numbers it (`{\an8}`): 1–3 along the bottom, 4–6 across the
   * middle, 7–9 along the top, each left, centre, right. Absent: where the video's style puts it.
   */
  position?: CuePosition;
}

export type CuePosition = 1 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** When the cue's words are spoken: their timing where known, else the cue's own times. */
export function spokenSpan(cue: Cue): { startMs: number; endMs: number } {
  return cue.spoken ?? { startMs: cue.startMs, endMs: cue.endMs };
}

export function cueLines(cue: Cue): string[] {
  return cue.text.split('\n');
}

export function cueDurationMs(cue: Cue): number {
  return cue.endMs - cue.startMs;
}

/** Cues in order of their start (cues starting together keep their order): every export is written so. */
export function inStartOrder<T extends Cue>(cues: readonly T[]): T[] {
  return [...cues].sort((a, b) => a.startMs - b.startMs);
}
