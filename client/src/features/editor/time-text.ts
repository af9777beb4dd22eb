/** A cue time as the editor shows it: `m:ss.mmm`, with hours when there are any (`h:mm:ss.mmm`). */
export function formatCueTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor((whole % 3_600_000) / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  const tail = `${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${tail}` : `${minutes}:${tail}`;
}

/**
 * Reads a time typed by the user: `1:02.5`, `62.5`, `0:01:02,500` (SRT's comma too). Null when it
 * is not a time.
 */
export function parseCueTime(text: string): number | null {
  const match = text.trim().match(/^(?:(?:(\d+):)?(\d{1,2}):)?(\d+)(?:[.,](\d{1,3}))?$/);
  if (!match) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = ''] = match;
  if (match[2] !== undefined && Number(seconds) >= 60) return null;
  const millis = Number(fraction.padEnd(3, '0'));
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + millis;
}

/** A duration in seconds with one decimal, as the cue list shows it. */
export function formatDuration(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Why a typed time is refused, in the cue's own field. */
export const TIME_TEXTS = {
  notATime: 'Write a time as 1:02.500 (minutes, seconds and milliseconds). The cue keeps its time.',
  startAfterEnd: (endMs: number) =>
    `The start must come before the end (${formatCueTime(endMs)}). The cue keeps its time.`,
  endBeforeStart: (startMs: number) =>
    `The end must come after the start (${formatCueTime(startMs)}). The cue keeps its time.`,
  nudgeStopped:
    'The cue keeps its time: one frame more would end it at or before its start, or bring it within two frames of its neighbour.',
  playheadOutside: "The playhead is on the other side of this cue's other edge: the cue keeps its time.",
};
