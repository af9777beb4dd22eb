import type { OutputLanguage } from '../languages';
import type { PlanId } from '../plans';
import { type Compliance, measureCompliance, planCap } from './compliance';
import { condenseText, dropRepeatBefore, dropStutters } from './condensation';
import { type Condenser, checkCondensedText } from './condenser';
import type { Cue } from './cue';
import { breakCueText, flattenCueText } from './line-breaking';
import { extendCue, isWithinCap, maxCharactersFor, releaseUnneededTime } from './reading-speed';
import { type ShapingContext, shapingContext } from './shaping-context';

export interface PlanOptions {
  plan: PlanId;
  language: OutputLanguage;
}

export interface PlanResult {
  cues: Cue[];
  compliance: Compliance;
  /** Cues given more time (step 1). */
  extendedCues: number;
  /** Cues shortened from the word lists (step 2). */
  condensedCues: number;
}

export interface CondenserReport {
  asked: number;
  accepted: number;
  rejected: { cueIndex: number; reason: string }[];
}

function extendAll(cues: readonly Cue[], originals: readonly Cue[], capCps: number): Cue[] {
  const result = [...cues];
  result.forEach((cue, index) => {
    result[index] = extendCue(result, index, capCps, originals[index] ?? cue) ?? cue;
  });
  return result;
}

function countRetimed(cues: readonly Cue[], originals: readonly Cue[]): number {
  return cues.filter(
    (cue, index) => cue.startMs !== originals[index]?.startMs || cue.endMs !== originals[index]?.endMs,
  ).length;
}

function condenseCue(cue: Cue, capCps: number, context: ShapingContext): Cue | null {
  const flat = flattenCueText(cue.text, context);
  const fits = (text: string) => isWithinCap({ ...cue, text }, capCps);
  const condensed = condenseText(flat, context.profile.language, fits);
  if (condensed === flat) return null;
  return { ...cue, text: breakCueText(condensed, context) };
}

/**
 * What a condensing plan removes from every cue, over the cap or not: hesitations and stutters,
 * also where a cue ends on the words the next one starts with. A cue left without words keeps its own.
 */
function withoutStutters(cues: readonly Cue[], context: ShapingContext): Cue[] {
  const language = context.profile.language;
  const cleaned = cues.map((cue) => {
    const flat = flattenCueText(cue.text, context);
    const text = dropStutters(flat, language);
    return text === flat || text.trim() === '' ? cue : { ...cue, text: breakCueText(text, context) };
  });
  return cleaned.map((cue, index) => {
    const next = cleaned[index + 1];
    if (!next) return cue;
    const flat = flattenCueText(cue.text, context);
    const text = dropRepeatBefore(flat, flattenCueText(next.text, context), language);
    return text === flat ? cue : { ...cue, text: breakCueText(text, context) };
  });
}

/**
 * Applies a reading-speed plan (PRODUCT.md §9): full-text changes nothing; 20, 17 and 15 cap
 * characters per second, reached first with the time around each cue, then by condensing with the
 * language's lists. A cue that cannot reach the cap without losing meaning stays over and is counted.
 */
export function applyReadingSpeedPlan(cues: readonly Cue[], options: PlanOptions): PlanResult {
  const capCps = planCap(options.plan);
  if (capCps === null) {
    const unchanged = [...cues];
    return {
      cues: unchanged,
      compliance: measureCompliance(unchanged, options.plan, options.language),
      extendedCues: 0,
      condensedCues: 0,
    };
  }
  const context = shapingContext(options.language);
  let condensedCues = 0;
  const cleaned = withoutStutters(cues, context);
  const condensed = extendAll(cleaned, cues, capCps).map((cue) => {
    const shorter = isWithinCap(cue, capCps) ? null : condenseCue(cue, capCps, context);
    if (shorter) condensedCues += 1;
    return shorter ?? cue;
  });
  const overCap = (cue: Cue | undefined) => cue !== undefined && !isWithinCap(cue, capCps);
  const released = condensed.map((cue, index) =>
    overCap(condensed[index - 1]) || overCap(condensed[index + 1])
      ? releaseUnneededTime(cue, cues[index] ?? cue, capCps)
      : cue,
  );
  const result = extendAll(released, cues, capCps);
  const compliance = measureCompliance(result, options.plan, options.language);
  return { cues: result, compliance, extendedCues: countRetimed(result, cues), condensedCues };
}

/**
 * The plan, then step 3: cues still over the cap go to the caller's condenser, one at a time; an
 * answer is used only when it passes `checkCondensedText`. A failing condenser never fails the plan.
 */
export async function applyReadingSpeedPlanWithCondenser(
  cues: readonly Cue[],
  options: PlanOptions & { condenser: Condenser },
): Promise<PlanResult & { condenser: CondenserReport }> {
  const planned = applyReadingSpeedPlan(cues, options);
  const capCps = planCap(options.plan);
  const report: CondenserReport = { asked: 0, accepted: 0, rejected: [] };
  if (capCps === null) return { ...planned, condenser: report };
  const context = shapingContext(options.language);
  const result = [...planned.cues];
  for (let index = 0; index < result.length; index++) {
    const cue = result[index];
    if (!cue || isWithinCap(cue, capCps)) continue;
    report.asked += 1;
    const verdict = await askCondenser(result, index, capCps, options.condenser, context);
    if (verdict.accepted) {
      result[index] = { ...cue, text: breakCueText(verdict.text, context) };
      report.accepted += 1;
    } else {
      report.rejected.push({ cueIndex: index, reason: verdict.reason });
    }
  }
  return {
    ...planned,
    cues: result,
    compliance: measureCompliance(result, options.plan, options.language),
    condenser: report,
  };
}

async function askCondenser(
  cues: readonly Cue[],
  index: number,
  capCps: number,
  condenser: Condenser,
  context: ShapingContext,
) {
  const cue = cues[index];
  if (!cue) return { accepted: false as const, reason: 'no such cue' };
  const language = context.profile.language;
  const text = flattenCueText(cue.text, context);
  const neighbour = (other: Cue | undefined) => (other ? flattenCueText(other.text, context) : null);
  try {
    const answer = await condenser({
      text,
      language,
      maxCharacters: Math.floor((capCps * (cue.endMs - cue.startMs)) / 1000),
      previousText: neighbour(cues[index - 1]),
      nextText: neighbour(cues[index + 1]),
    });
    return checkCondensedText(text, answer, language);
  } catch (error) {
    return {
      accepted: false as const,
      reason: `the condenser failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** A cue a caller's condenser should shorten before the plan runs: its text flat, and the characters that fit. */
export interface CondenseTarget {
  index: number;
  text: string;
  maxCharacters: number;
}

/**
 * The cues still over the plan's cap once step 1 gave them the time around them, with the most
 * characters each can hold in that time (what a language model is asked to keep to). Empty for
 * full-text. Indexes are those of `cues`.
 */
export function condenseTargets(cues: readonly Cue[], options: PlanOptions): CondenseTarget[] {
  const capCps = planCap(options.plan);
  if (capCps === null) return [];
  const context = shapingContext(options.language);
  const timed = extendAll(cues, cues, capCps);
  return timed.flatMap((cue, index) => {
    if (isWithinCap(cue, capCps)) return [];
    const timedRoom = Math.floor((capCps * (cue.endMs - cue.startMs)) / 1000);
    const maxCharacters = Math.max(timedRoom, maxCharactersFor(cues, index, capCps));
    return [{ index, text: flattenCueText(cues[index]?.text ?? cue.text, context), maxCharacters }];
  });
}

/** Replaces the texts of some cues (flat text, broken into lines for the language), keeping their times. */
export function withCueTexts(
  cues: readonly Cue[],
  texts: ReadonlyMap<number, string>,
  language: OutputLanguage,
): Cue[] {
  const context = shapingContext(language);
  return cues.map((cue, index) => {
    const text = texts.get(index);
    return text === undefined ? cue : { ...cue, text: breakCueText(text, context) };
  });
}
