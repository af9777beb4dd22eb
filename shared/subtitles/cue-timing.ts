import { MAX_CUE_MS, MAX_LEAD_MS, MAX_LINGER_MS, MIN_CUE_MS, MIN_GAP_MS } from './standards';

/** When something is said (speech) or shown (a cue), in milliseconds. */
export interface TimeSpan {
  startMs: number;
  endMs: number;
}

export interface TimingOptions {
  /** How long a cue may stay after its speech when nothing follows closely (0 for cues from an SRT file). */
  outTimePaddingMs: number;
}

function fitMinimumDuration(
  span: TimeSpan,
  speech: TimeSpan,
  earliestStart: number,
  latestEnd: number,
): TimeSpan {
  let { startMs, endMs } = span;
  if (endMs - startMs >= MIN_CUE_MS) return span;
  endMs = Math.max(endMs, Math.min(startMs + MIN_CUE_MS, latestEnd, speech.endMs + MAX_LINGER_MS));
  const lowest = Math.max(0, earliestStart, speech.startMs - MAX_LEAD_MS);
  startMs = Math.min(startMs, Math.max(lowest, endMs - MIN_CUE_MS));
  // Dense speech leaves no room: the minimum duration wins and the next cue starts a little later.
  endMs = Math.max(endMs, startMs + MIN_CUE_MS);
  return { startMs, endMs };
}

/**
 * Times cues from the speech they carry, left to right (Netflix: 5/6 s to 7 s on screen, at least
 * 2 frames between cues, out-time up to 12 frames after speech; BBC: never more than 1.5 s before
 * or after speech).
 */
export function timeCues(speech: readonly TimeSpan[], options: TimingOptions): TimeSpan[] {
  const timed: TimeSpan[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  speech.forEach((spoken, index) => {
    const earliestStart = previousEnd + MIN_GAP_MS;
    const nextSpeech = speech[index + 1];
    const latestEnd = nextSpeech ? nextSpeech.startMs - MIN_GAP_MS : Number.POSITIVE_INFINITY;
    const startMs = Math.max(spoken.startMs, earliestStart);
    const paddedEnd = Math.min(spoken.endMs + options.outTimePaddingMs, latestEnd);
    const endMs = Math.max(paddedEnd, Math.min(spoken.endMs, latestEnd), startMs);
    const fitted = fitMinimumDuration({ startMs, endMs }, spoken, earliestStart, latestEnd);
    const span = { startMs: fitted.startMs, endMs: Math.min(fitted.endMs, fitted.startMs + MAX_CUE_MS) };
    timed.push(span);
    previousEnd = span.endMs;
  });
  return timed;
}
