/** One subtitle event. Times are whole milliseconds from the start of the video; lines are separated by `\n`. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

export function cueLines(cue: Cue): string[] {
  return cue.text.split('\n');
}

export function cueDurationMs(cue: Cue): number {
  return cue.endMs - cue.startMs;
}
