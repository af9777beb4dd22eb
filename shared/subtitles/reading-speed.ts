import { type Cue, spokenSpan } from './cue';
import { MAX_CUE_MS, MAX_LEAD_MS, MAX_LINGER_MS, MIN_GAP_MS } from './standards';
import { characterCount } from './text-width';

/** Characters per second as reading-speed guides count them: every character, spaces included, line breaks not. */
export function charactersPerSecond(cue: Cue): number {
  const seconds = Math.max(cue.endMs - cue.startMs, 1) / 1000;
  return characterCount(cue.text) / seconds;
}

/** Rounding tolerance: a cue at 17.004 cps is within a 17 cps cap. */
const CPS_TOLERANCE = 0.005;

export function isWithinCap(cue: Cue, capCps: number | null): boolean {
  return capCps === null || charactersPerSecond(cue) <= capCps + CPS_TOLERANCE;
}

/** Shortest duration at which a cue's text reads at the cap. */
export function durationNeededMs(text: string, capCps: number): number {
  return Math.ceil((characterCount(text) / capCps) * 1000);
}

/**
 * Step 1 of a reading-speed plan: gives a cue over the cap the time around it. The end moves into the
 * following gap, then the start into the previous one, keeping 80 ms between cues and 7 s on screen
 * (Netflix), never more than 0.5 s before its words are spoken (Amara) nor 1.5 s after (BBC).
 */
export function extendCue(cues: readonly Cue[], index: number, capCps: number, original: Cue): Cue | null {
  const cue = cues[index];
  if (!cue) return null;
  const needed = durationNeededMs(cue.text, capCps);
  if (cue.endMs - cue.startMs >= needed) return null;
  const previous = cues[index - 1];
  const next = cues[index + 1];
  const spoken = spokenSpan(original);
  const latestEnd = Math.min(
    next ? next.startMs - MIN_GAP_MS : Number.POSITIVE_INFINITY,
    spoken.endMs + MAX_LINGER_MS,
    cue.startMs + MAX_CUE_MS,
  );
  const endMs = Math.max(cue.endMs, Math.min(latestEnd, cue.startMs + needed));
  const earliestStart = Math.max(
    previous ? previous.endMs + MIN_GAP_MS : 0,
    spoken.startMs - MAX_LEAD_MS,
    endMs - MAX_CUE_MS,
  );
  const startMs = Math.min(cue.startMs, Math.max(earliestStart, endMs - needed));
  if (startMs === cue.startMs && endMs === cue.endMs) return null;
  return { ...cue, startMs, endMs };
}

/**
 * After condensing, a cue may need less time than it was given: it hands the rest back (never
 * shrinking below its original time), so that a neighbour still over the cap can use it.
 */
export function releaseUnneededTime(cue: Cue, original: Cue, capCps: number): Cue {
  const wanted = Math.max(original.endMs - original.startMs, durationNeededMs(cue.text, capCps));
  if (cue.endMs - cue.startMs <= wanted) return cue;
  const endMs = Math.max(original.endMs, Math.min(cue.endMs, cue.startMs + wanted));
  const startMs = Math.min(original.startMs, Math.max(cue.startMs, endMs - wanted));
  return { ...cue, startMs, endMs };
}

/**
 * The most characters a cue may hold and still read within the cap, counting the time step 1 is sure
 * to give it: its end may move into the following gap (up to 80 ms before the next cue, 1.5 s after
 * its words, 7 s on screen), which no earlier cue can take. What a language model is asked to keep to.
 */
export function maxCharactersFor(cues: readonly Cue[], index: number, capCps: number): number {
  const cue = cues[index];
  if (!cue) return 0;
  const next = cues[index + 1];
  const latestEnd = Math.min(
    next ? next.startMs - MIN_GAP_MS : Number.POSITIVE_INFINITY,
    spokenSpan(cue).endMs + MAX_LINGER_MS,
    cue.startMs + MAX_CUE_MS,
  );
  const roomMs = Math.max(cue.endMs, latestEnd) - cue.startMs;
  return Math.max(1, Math.floor((capCps * roomMs) / 1000));
}
