import type { Cue } from './cue';

/**
 * The cues (numbered from 1, as the file counts them) that start after the video ends: nothing
 * shows them. `durationSeconds` is whole seconds rounded down (PRODUCT.md §5), so only a cue that
 * starts a full second past it is surely too late.
 */
export function cuesPastEnd(cues: readonly Pick<Cue, 'startMs'>[], durationSeconds: number): number[] {
  const endMs = (durationSeconds + 1) * 1000;
  return cues.flatMap((cue, index) => (cue.startMs >= endMs ? [index + 1] : []));
}

/** "3", "3 and 4", "3 to 7" or "3, 5 and 9": how the warning names them. */
export function cueList(numbers: readonly number[]): string {
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  if (numbers.length === 1) return String(first);
  if (first !== undefined && last !== undefined && last - first === numbers.length - 1 && numbers.length > 2)
    return `${first} to ${last}`;
  return `${numbers.slice(0, -1).join(', ')} and ${last}`;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The warning for cues past the end, or null when every cue starts within the video. */
export function cuesPastEndWarning(numbers: readonly number[], durationSeconds: number): string | null {
  if (numbers.length === 0) return null;
  const subject =
    numbers.length === 1 ? `Subtitle ${cueList(numbers)} starts` : `Subtitles ${cueList(numbers)} start`;
  return `${subject} after the video ends (at ${clock(durationSeconds)}) and will not be shown.`;
}
