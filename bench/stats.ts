/** Summary of repeated measurements: the median and how far the runs spread around it. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, in percent; 0 for a single run. */
  spreadPct: number;
  runs: number;
}

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new Error('no measurements to summarise');
  for (const value of values) {
    if (!Number.isFinite(value)) throw new Error(`not a measurement: ${value}`);
  }
  return [...values].sort((a, b) => a - b);
}

/** Linear interpolation between closest ranks (the usual "type 7" percentile). */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100) throw new Error(`percentile out of range: ${p}`);
  const ordered = sorted(values);
  const rank = (p / 100) * (ordered.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = ordered[low] ?? 0;
  const highValue = ordered[high] ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function summarize(values: readonly number[]): Summary {
  const ordered = sorted(values);
  const min = ordered[0] ?? 0;
  const max = ordered.at(-1) ?? 0;
  const middle = median(ordered);
  return {
    median: middle,
    min,
    max,
    spreadPct: middle === 0 ? 0 : ((max - min) / Math.abs(middle)) * 100,
    runs: ordered.length,
  };
}

/** Least-squares line y = intercept + slope * x, with R² to show whether growth is linear. */
export function linearFit(points: readonly { x: number; y: number }[]) {
  if (points.length < 2) throw new Error('a line needs at least two points');
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const { x, y } of points) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
    syy += (y - meanY) ** 2;
  }
  if (sxx === 0) throw new Error('a line needs at least two different x values');
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}

/** Rounds for reports without turning measured values into fake precision. */
export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * A percentile of one set of samples as the figure (`median` holds it, so the report shows it as the
 * value), with the samples' own range: for figures defined as a p95 over repeats (editor opens).
 */
export function percentileSummary(values: readonly number[], p: number): Summary {
  const ordered = sorted(values);
  const value = percentile(ordered, p);
  const min = ordered[0] ?? 0;
  const max = ordered.at(-1) ?? 0;
  return {
    median: value,
    min,
    max,
    spreadPct: value === 0 ? 0 : ((max - min) / Math.abs(value)) * 100,
    runs: ordered.length,
  };
}
