import { describe, expect, it } from 'vitest';
import { planFor } from './plan';

describe('bench plans', () => {
  it('runs one 1-minute clip in quick mode and 1, 5 and 10 minutes in full mode', () => {
    expect(planFor(['--quick']).clipSeconds).toEqual([60]);
    expect(planFor([]).clipSeconds).toEqual([60, 300, 600]);
  });

  it('accepts npm’s -- separator and refuses anything else', () => {
    expect(planFor(['--', '--quick']).mode).toBe('quick');
    expect(() => planFor(['--fast'])).toThrow(/unknown option/);
  });

  it('runs some parts only when asked, and names the parts when one is unknown', () => {
    expect(planFor(['--quick']).only).toBeNull();
    expect(planFor(['--quick', '--only=editor,upload']).only).toEqual(['editor', 'upload']);
    expect(() => planFor(['--only=editr'])).toThrow(/the parts are upload, resumable-upload, pipelines/);
  });

  it('makes one whole run unless asked for more, from 1 to 9', () => {
    expect(planFor(['--quick']).runs).toBe(1);
    expect(planFor(['--quick', '--runs=3']).runs).toBe(3);
    expect(() => planFor(['--runs=0'])).toThrow(/whole number from 1 to 9/);
    expect(() => planFor(['--runs=two'])).toThrow(/whole number from 1 to 9/);
  });

  it('always uploads 1.5 GB inside the product limit and lists 100,000 videos', () => {
    for (const plan of [planFor([]), planFor(['--quick'])]) {
      expect(plan.upload.bytes).toBe(1_500_000_000);
      expect(plan.videos.total).toBe(100_000);
      expect(plan.videos.companies).toBe(1_000);
      expect(plan.list.concurrency).toContain(plan.headlineConcurrency);
    }
  });

  it('repeats every measurement at least twice', () => {
    for (const plan of [planFor([]), planFor(['--quick'])]) {
      expect(plan.pipelineRepeats).toBeGreaterThanOrEqual(2);
      expect(plan.burnIn.repeats).toBeGreaterThanOrEqual(2);
      expect(plan.upload.repeats).toBeGreaterThanOrEqual(2);
      expect(plan.status.rounds).toBeGreaterThanOrEqual(2);
      expect(plan.list.windows).toBeGreaterThanOrEqual(2);
      expect(plan.editor.opens).toBeGreaterThanOrEqual(5);
      expect(plan.editor.keystrokeRounds).toBeGreaterThanOrEqual(2);
      expect(plan.editor.keystrokesPerRound).toBeGreaterThanOrEqual(100);
    }
  });
});
