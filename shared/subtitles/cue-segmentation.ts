import { breakCost } from './break-cost';
import { type LineLayout, layoutLines, lineWidth } from './line-breaking';
import { endsSentence, type ShapingContext } from './shaping-context';
import {
  CLEAR_PAUSE_MS,
  LONG_SILENCE_MS,
  MAX_CUE_MS,
  MAX_LEAD_MS,
  MAX_LINES,
  MAX_LINGER_MS,
  MIN_CUE_MS,
  MIN_GAP_MS,
  SHORT_PAUSE_MS,
} from './standards';
import type { Token } from './tokens';

/**
 * Our choice: costs that shape cues. Each cue costs a little, so cues fill up to two lines; sentence
 * ends and pauses make cheap boundaries; pauses and sentence ends inside a cue cost, so cues end there.
 */
const CUE_COST = 2;
const SENTENCE_INSIDE_COST = 3;
const SENTENCE_AT_LINE_BREAK_COST = 0.5;
const SHORT_PAUSE_INSIDE_COST = 1;
const CLEAR_PAUSE_INSIDE_COST = 4;
const SHORT_CUE_COST = 2;
const CRAMPED_CUE_COST = 8;

function gapMs(before: Token | undefined, after: Token | undefined): number {
  return before && after ? after.startMs - before.endMs : Number.POSITIVE_INFINITY;
}

function pauseBonus(gap: number): number {
  if (gap >= CLEAR_PAUSE_MS) return 4;
  return gap >= SHORT_PAUSE_MS ? 2 : 0;
}

function endingCost(last: Token, next: Token | undefined, context: ShapingContext): number {
  const gap = gapMs(last, next);
  if (!next || gap > LONG_SILENCE_MS) return 0;
  return Math.max(0, breakCost(last, next, context) - pauseBonus(gap));
}

function insideCost(cue: readonly Token[], layout: LineLayout, context: ShapingContext): number {
  let cost = 0;
  for (let index = 1; index < cue.length; index++) {
    const before = cue[index - 1];
    const gap = gapMs(before, cue[index]);
    if (gap >= CLEAR_PAUSE_MS) cost += CLEAR_PAUSE_INSIDE_COST;
    else if (gap >= SHORT_PAUSE_MS) cost += SHORT_PAUSE_INSIDE_COST;
    if (before && endsSentence(before.text, context)) {
      cost += index === layout.secondLineAt ? SENTENCE_AT_LINE_BREAK_COST : SENTENCE_INSIDE_COST;
    }
  }
  return cost;
}

/** A cue too short for 5/6 s costs; one that cannot get 5/6 s between its neighbours costs more. */
function shortnessCost(
  first: Token,
  last: Token,
  previous: Token | undefined,
  next: Token | undefined,
): number {
  if (last.endMs - first.startMs >= MIN_CUE_MS) return 0;
  // The time a cue may take: after the previous word and 1.5 s before its speech, before the next word
  // and 1.5 s after its speech (BBC), never before the video starts.
  const earliest = Math.max(0, first.startMs - MAX_LEAD_MS, previous ? previous.endMs + MIN_GAP_MS : 0);
  const latest = Math.min(
    last.endMs + MAX_LINGER_MS,
    next ? next.startMs - MIN_GAP_MS : Number.POSITIVE_INFINITY,
  );
  return latest - earliest < MIN_CUE_MS ? CRAMPED_CUE_COST : SHORT_CUE_COST;
}

interface Candidate {
  tokens: readonly Token[];
  start: number;
  end: number;
}

/** Cost of one candidate cue, or null when it breaks a hard rule (two lines, 7 s). */
function candidateCost(all: readonly Token[], candidate: Candidate, context: ShapingContext): number | null {
  const { tokens, start, end } = candidate;
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return null;
  const single = tokens.length === 1;
  if (!single && last.endMs - first.startMs > MAX_CUE_MS) return null;
  const layout = layoutLines(tokens, context);
  if (!single && !layout.fits) return null;
  const previous = all[start - 1];
  const next = all[end];
  return (
    CUE_COST +
    layout.cost +
    endingCost(last, next, context) +
    insideCost(tokens, layout, context) +
    shortnessCost(first, last, previous, next)
  );
}

/** True when going further back can only make the cue worse: too wide, too long, or past a long silence. */
function beyondReach(all: readonly Token[], start: number, end: number, context: ShapingContext): boolean {
  const tokens = all.slice(start, end);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return true;
  if (last.endMs - first.startMs > MAX_CUE_MS) return true;
  if (lineWidth(tokens, context) > context.profile.maxLineWidth * MAX_LINES + context.spaceWidth) return true;
  return gapMs(all[start - 1], first) > LONG_SILENCE_MS;
}

/**
 * Groups tokens into cues by dynamic programming over cue boundaries: the cheapest sequence of cues
 * that each fit on two lines and last at most 7 s, with boundaries at sentence ends and pauses.
 */
export function groupIntoCues(tokens: readonly Token[], context: ShapingContext): Token[][] {
  const best: number[] = [0];
  const cueStart: number[] = [0];
  for (let end = 1; end <= tokens.length; end++) {
    best[end] = Number.POSITIVE_INFINITY;
    for (let start = end - 1; start >= 0; start--) {
      const cost = candidateCost(tokens, { tokens: tokens.slice(start, end), start, end }, context);
      const total = (best[start] ?? Number.POSITIVE_INFINITY) + (cost ?? Number.POSITIVE_INFINITY);
      if (total < (best[end] ?? Number.POSITIVE_INFINITY)) {
        best[end] = total;
        cueStart[end] = start;
      }
      if (beyondReach(tokens, start, end, context)) break;
    }
  }
  const cues: Token[][] = [];
  for (let end = tokens.length; end > 0; end = cueStart[end] ?? 0) {
    cues.unshift(tokens.slice(cueStart[end] ?? 0, end));
  }
  return cues;
}
