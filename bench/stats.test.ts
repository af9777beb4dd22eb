import { describe, expect, it } from 'vitest';
import { linearFit, median, percentile, percentileSummary, summarize } from './stats';

describe('summaries of repeated runs', () => {
  it('takes the middle run, or the mean of the two middle runs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('reports the range as spread, relative to the median', () => {
    expect(summarize([9, 10, 12])).toEqual({ median: 10, min: 9, max: 12, spreadPct: 30, runs: 3 });
  });

  it('shows no spread for a single run', () => {
    expect(summarize([5])).toEqual({ median: 5, min: 5, max: 5, spreadPct: 0, runs: 1 });
  });

  it('refuses to summarise nothing or a value that is not a measurement', () => {
    expect(() => summarize([])).toThrow(/no measurements/);
    expect(() => summarize([1, Number.NaN])).toThrow(/not a measurement/);
    expect(() => summarize([Number.POSITIVE_INFINITY])).toThrow(/not a measurement/);
  });

  it('interpolates percentiles between closest ranks', () => {
    const values = Array.from({ length: 101 }, (_, index) => index);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5);
    expect(percentile([7], 95)).toBe(7);
    expect(() => percentile([1], 101)).toThrow();
  });
});

describe('growth with duration', () => {
  it('finds the line through exactly linear points', () => {
    const fit = linearFit([
      { x: 60, y: 10 },
      { x: 300, y: 34 },
      { x: 600, y: 64 },
    ]);
    expect(fit.slope).toBeCloseTo(0.1);
    expect(fit.intercept).toBeCloseTo(4);
    expect(fit.r2).toBeCloseTo(1);
  });

  it('shows a poor fit when growth is not linear', () => {
    const fit = linearFit([
      { x: 1, y: 1 },
      { x: 2, y: 4 },
      { x: 3, y: 9 },
      { x: 4, y: 16 },
      { x: 5, y: 25 },
      { x: 6, y: 36 },
    ]);
    expect(fit.r2).toBeLessThan(0.97);
  });

  it('needs two different lengths', () => {
    expect(() => linearFit([{ x: 1, y: 1 }])).toThrow();
    expect(() =>
      linearFit([
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toThrow();
  });
});

describe('a percentile as the figure', () => {
  it('reports the percentile as the value with the range of the samples', () => {
    expect(percentileSummary([100, 200, 300, 400, 500], 95)).toEqual({
      median: 480,
      min: 100,
      max: 500,
      spreadPct: (400 / 480) * 100,
      runs: 5,
    });
  });

  it('refuses no samples', () => {
    expect(() => percentileSummary([], 95)).toThrow(/no measurements/);
  });
});
