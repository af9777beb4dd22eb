import { describe, expect, it } from 'vitest';
import { REQUIRED_KEYS } from './figures';
import { failureReason, figureResults, flatFigures, MISSING_REASON } from './results';
import { summarize } from './stats';

describe('the results file', () => {
  it('carries every required key, null with a reason where nothing was measured', () => {
    const flat = flatFigures(figureResults({}));
    for (const key of REQUIRED_KEYS) {
      expect(flat).toHaveProperty(key, null);
      expect(flat[`${key}_reason`]).toBe(MISSING_REASON);
    }
  });

  it('writes a measured figure as its median, with no reason beside it', () => {
    const figures = figureResults({ status_push_p95_ms: { summary: summarize([12, 10, 30]) } });
    const flat = flatFigures(figures);
    expect(flat.status_push_p95_ms).toBe(12);
    expect(flat).not.toHaveProperty('status_push_p95_ms_reason');
  });

  it('keeps the reason given for a figure that could not be measured', () => {
    const flat = flatFigures(figureResults({ asr_rtf: { reason: 'no trained model here' } }));
    expect(flat.asr_rtf).toBeNull();
    expect(flat.asr_rtf_reason).toBe('no trained model here');
  });

  it('refuses a null without a reason, and a measured figure without a finite median', () => {
    expect(() => figureResults({ asr_rtf: { reason: '  ' } })).toThrow(/needs a reason/);
    const broken = { summary: { median: Number.NaN, min: 0, max: 0, spreadPct: 0, runs: 1 } };
    expect(() => figureResults({ asr_rtf: broken })).toThrow(/finite median/);
  });

  it('judges targets on the reported value, and never judges what was not measured', () => {
    const figures = figureResults({
      burnin_speedup_vs_naive: { summary: summarize([2.4, 2.6, 2.5]) },
      upload_peak_rss_mb: { summary: summarize([151]) },
    });
    const byKey = (key: string) => figures.find((figure) => figure.key === key);
    expect(byKey('burnin_speedup_vs_naive')?.met).toBe(true);
    expect(byKey('upload_peak_rss_mb')?.met).toBe(false);
    expect(byKey('asr_rtf')?.met).toBeNull();
    expect(byKey('status_push_p95_ms')?.met).toBeNull();
  });

  it('turns a failed measurement into a one-line reason', () => {
    expect(failureReason(new Error('ffmpeg exited with 1\nmore'))).toBe(
      'measurement failed in this run: ffmpeg exited with 1',
    );
  });
});
