import { describe, expect, it } from 'vitest';
import { sharedCoresOutcomes } from '../derive';
import { figureResults } from '../results';
import { ratioOfMedians, rotation, type SharedCoresMeasurements } from './shared-cores';

describe('the order of the arrangements in each repeat', () => {
  it('starts one further along every repeat, so each runs first, in the middle and last', () => {
    const items = ['a', 'b', 'c'];
    expect([0, 1, 2, 3].map((repeat) => rotation(items, repeat).join(''))).toEqual([
      'abc',
      'bca',
      'cab',
      'abc',
    ]);
    expect(rotation([], 4)).toEqual([]);
  });
});

describe('the ratio of two arrangements', () => {
  it('is median over median, with the range of the per-repeat ratios', () => {
    const summary = ratioOfMedians([9, 10, 12], [10, 10, 10]);
    expect(summary.median).toBeCloseTo(1.0);
    expect(summary.min).toBeCloseTo(0.9);
    expect(summary.max).toBeCloseTo(1.2);
    expect(summary.runs).toBe(3);
    expect(summary.spreadPct).toBeCloseTo(30);
  });

  it('keeps the median inside the range when the repeats pair unevenly', () => {
    const summary = ratioOfMedians([4, 2, 3], [4, 2, 1]);
    expect(summary.median).toBeCloseTo(3 / 2);
    expect(summary.min).toBeLessThanOrEqual(summary.median);
    expect(summary.max).toBeGreaterThanOrEqual(summary.median);
  });

  it('refuses unpaired or empty repeats and times that make no ratio', () => {
    expect(() => ratioOfMedians([1, 2], [1])).toThrow(/paired/);
    expect(() => ratioOfMedians([], [])).toThrow(/paired/);
    expect(() => ratioOfMedians([1], [0])).toThrow(/not finite/);
  });
});

describe('the two-at-once figure', () => {
  const measured = (shared: number[]): SharedCoresMeasurements => ({
    footage: 'detailed',
    seconds: 20,
    cores: 4,
    jobs: 2,
    oneAfterOther: { cpu: { threadsPerJob: 4, niceness: 10 }, ms: [10_000, 10_400, 9_800] },
    twoAtOnceShared: { cpu: { threadsPerJob: 2, niceness: 10 }, ms: shared },
    twoAtOnceEveryCore: { cpu: { threadsPerJob: 4, niceness: 0 }, ms: [11_000, 11_500, 10_500] },
  });
  const figure = (shared: number[]) =>
    figureResults(sharedCoresOutcomes(measured(shared))).find(
      (result) => result.key === 'burnin_two_at_once_vs_one_after_other',
    );

  it('is met when the pair at once ends no later than the pair in turn', () => {
    const result = figure([9_000, 9_500, 9_900]);
    expect(result?.value).toBeCloseTo(9_500 / 10_000, 4);
    expect(result?.met).toBe(true);
  });

  it('is missed when it ends later, and names the rule before cpuShare beside it', () => {
    const result = figure([10_500, 10_600, 10_700]);
    expect(result?.met).toBe(false);
    expect(result?.baseline).toContain('one after the other (4 threads each at nice 10): 10.0 s');
    expect(result?.note).toContain(
      'each taking every core (4 threads each at nice 0, the rule before cpuShare) 11.0 s, 1.10×',
    );
  });
});
