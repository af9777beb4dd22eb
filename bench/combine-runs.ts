import { ALL_KEYS, type FigureKey } from './figures';
import { isMeasured, type Measured, type Outcome } from './results';
import { round, summarize } from './stats';

/**
 * Whole runs of the bench made one after the other (`--runs=3`), each on a fresh data folder,
 * database and browser profile: a figure is the median of the runs' own medians and its spread the
 * range across the runs, so a target is judged on the median run, not on a lucky or an unlucky one.
 * A figure missing from a run is said with the run's reason; one measured by no run keeps the first
 * reason.
 */
export function combineRuns(
  runs: readonly Partial<Record<FigureKey, Outcome>>[],
): Partial<Record<FigureKey, Outcome>> {
  if (runs.length === 1) return runs[0] ?? {};
  const combined: Partial<Record<FigureKey, Outcome>> = {};
  for (const key of ALL_KEYS) {
    const outcomes = runs.map((run) => run[key]);
    const measured = outcomes.filter(
      (outcome): outcome is Measured => outcome !== undefined && isMeasured(outcome),
    );
    if (measured.length === 0) {
      const reason = outcomes.find((outcome) => outcome !== undefined && !isMeasured(outcome));
      if (reason) combined[key] = reason;
      continue;
    }
    combined[key] = combinedFigure(outcomes, measured);
  }
  return combined;
}

function combinedFigure(outcomes: readonly (Outcome | undefined)[], measured: readonly Measured[]): Measured {
  const summary = summarize(measured.map((outcome) => outcome.summary.median));
  // The run whose own median is the combined one (the lower middle for an even count) speaks for it.
  const ordered = [...measured].sort((a, b) => a.summary.median - b.summary.median);
  const middle = ordered[Math.floor((ordered.length - 1) / 2)] ?? ordered[0];
  const perRun = outcomes.map((outcome, index) => {
    if (outcome === undefined) return `run ${index + 1}: not measured`;
    if (!isMeasured(outcome)) return `run ${index + 1}: not measured (${outcome.reason})`;
    const baseline = outcome.baseline ? ` against ${outcome.baseline}` : '';
    return `run ${index + 1}: ${round(outcome.summary.median, 4)}${baseline}`;
  });
  return {
    summary,
    baseline: middle?.baseline,
    note: [
      `median of ${outcomes.length} whole runs (${perRun.join('; ')})`,
      middle?.note ? `the median run: ${middle.note}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}
