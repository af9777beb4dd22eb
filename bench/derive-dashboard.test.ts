import { describe, expect, it } from 'vitest';
import { dashboardOutcomes } from './derive';

const seeded = { videos: 100_000, jobRuns: 400_000, days: 90 };

describe('the admin dashboard figure', () => {
  it('is the median over windows of each window’s p95, with what was seeded in the note', () => {
    const windows = [
      { latenciesMs: Array.from({ length: 100 }, (_, index) => index + 1), errors: 0, seconds: 8 },
      { latenciesMs: Array.from({ length: 100 }, (_, index) => 2 * (index + 1)), errors: 0, seconds: 8 },
      { latenciesMs: Array.from({ length: 100 }, (_, index) => 3 * (index + 1)), errors: 1, seconds: 8 },
    ];
    const outcome = dashboardOutcomes(windows, seeded).admin_dashboard_p95_ms;
    expect(outcome && 'summary' in outcome && outcome.summary.median).toBeCloseTo(190.1, 1);
    expect(outcome && 'note' in outcome ? outcome.note : '').toMatch(
      /3 windows, 300 requests, 1 errors; 90 days over 100,000 videos/,
    );
  });

  it('is not measured, with the reason, when no request succeeded', () => {
    const outcome = dashboardOutcomes(
      [{ latenciesMs: [], errors: 12, seconds: 8 }],
      seeded,
    ).admin_dashboard_p95_ms;
    expect(outcome).toEqual({ reason: 'not measured: no request answered 200 (12 errors)' });
  });
});
