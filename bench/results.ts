import { ALL_KEYS, FIGURES, type FigureKey, meetsTarget, type Target } from './figures';
import { round, type Summary } from './stats';

/** A figure measured in this run: the summary of its repeats, and what it was compared with. */
export interface Measured {
  summary: Summary;
  /** The baseline measured in the same run (or the fixed limit it is read against), in words. */
  baseline?: string;
  /** What it was measured on (clip, load, repeats). */
  note?: string;
}

/** A figure this run could not measure, and why. Never replaced by a number from elsewhere. */
export interface NotMeasured {
  reason: string;
}

export type Outcome = Measured | NotMeasured;

export interface FigureResult {
  key: FigureKey;
  title: string;
  unit: string;
  value: number | null;
  reason?: string;
  summary?: Summary;
  baseline?: string;
  note?: string;
  target?: Target;
  /** null when not measured or without a target. */
  met: boolean | null;
}

export type FlatFigures = Record<string, number | string | null>;

export const MISSING_REASON = 'not measured in this run: no measurement was recorded for it';

export function isMeasured(outcome: Outcome): outcome is Measured {
  return 'summary' in outcome;
}

function checked(key: FigureKey, outcome: Outcome | undefined): Outcome {
  if (!outcome) return { reason: MISSING_REASON };
  if (isMeasured(outcome)) {
    if (!Number.isFinite(outcome.summary.median) || outcome.summary.runs < 1)
      throw new Error(`${key}: a measured figure needs a finite median from at least one run`);
    return outcome;
  }
  if (!outcome.reason.trim()) throw new Error(`${key}: a figure that was not measured needs a reason`);
  return outcome;
}

/** Every figure, in report order; a missing one becomes null with a reason, never a number. */
export function figureResults(outcomes: Partial<Record<FigureKey, Outcome>>): FigureResult[] {
  return ALL_KEYS.map((key) => {
    const definition = FIGURES[key];
    const outcome = checked(key, outcomes[key]);
    const base = { key, title: definition.title, unit: definition.unit, target: definition.target };
    if (!isMeasured(outcome)) return { ...base, value: null, reason: outcome.reason, met: null };
    const value = round(outcome.summary.median, 4);
    return {
      ...base,
      value,
      summary: outcome.summary,
      baseline: outcome.baseline,
      note: outcome.note,
      met: definition.target ? meetsTarget(value, definition.target) : null,
    };
  });
}

/** The flat part of latest.json: `key: number | null` and `key_reason` beside every null. */
export function flatFigures(figures: readonly FigureResult[]): FlatFigures {
  const flat: FlatFigures = {};
  for (const figure of figures) {
    flat[figure.key] = figure.value;
    if (figure.value === null) flat[`${figure.key}_reason`] = figure.reason ?? MISSING_REASON;
  }
  return flat;
}

/** Turns a failed measurement into its reason, so one broken part never hides the others. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `measurement failed in this run: ${message.split('\n')[0]}`;
}
