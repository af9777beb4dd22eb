import { describe, expect, it } from 'vitest';
import { pipelineGrowth, pipelineOutcomes, pipelineRows } from './derive';
import type { PipelineRun } from './measure/pipeline-run';

const run = (footage: PipelineRun['footage'], clipSeconds: number, rtf: number): PipelineRun => ({
  mode: 'hardcode',
  footage,
  clipSeconds,
  rtf,
  totalMs: rtf * clipSeconds * 1000,
  stages: { burnIn: rtf * clipSeconds * 1000 },
  backwardSteps: 0,
});

describe('pipeline figures', () => {
  it('take the worse footage at the longest length, with both in the note', () => {
    const runs = [
      run('test-pattern', 30, 0.9),
      run('test-pattern', 60, 0.21),
      run('test-pattern', 60, 0.23),
      run('detailed', 60, 0.41),
      run('detailed', 60, 0.43),
    ];
    const outcome = pipelineOutcomes({ runs, probeMs: [] }).pipeline_rtf_hardcode;
    expect(outcome && 'summary' in outcome && outcome.summary.median).toBeCloseTo(0.42);
    const note = outcome && 'note' in outcome ? (outcome.note ?? '') : '';
    expect(note).toMatch(/detailed footage.*0\.420.*test pattern.*0\.220/);
  });

  it('fit growth per footage only where it ran at more than one length', () => {
    const rows = pipelineRows([
      run('test-pattern', 30, 0.2),
      run('test-pattern', 60, 0.2),
      run('detailed', 60, 0.4),
    ]);
    expect(pipelineGrowth(rows).map((fit) => fit.footage)).toEqual(['test-pattern']);
  });
});
