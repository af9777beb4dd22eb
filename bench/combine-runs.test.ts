import { describe, expect, it } from 'vitest';
import { combineRuns } from './combine-runs';
import { summarize } from './stats';

const measured = (values: number[], baseline: string, note = 'clip 60 s') => ({
  summary: summarize(values),
  baseline,
  note,
});

describe('three whole runs made one', () => {
  it('takes the median of the runs’ medians, their range as the spread, each run in the note', () => {
    const combined = combineRuns([
      { upload_throughput_ratio_vs_disk_sink: measured([0.41, 0.45], 'disk sink 780 MB/s') },
      { upload_throughput_ratio_vs_disk_sink: measured([0.79, 0.81], 'disk sink 1032 MB/s') },
      {
        upload_throughput_ratio_vs_disk_sink: measured([0.74, 0.76], 'disk sink 1100 MB/s', 'the middle one'),
      },
    ]);
    const figure = combined.upload_throughput_ratio_vs_disk_sink;
    expect(figure && 'summary' in figure).toBe(true);
    if (!figure || !('summary' in figure)) return;
    expect(figure.summary).toMatchObject({ median: 0.75, min: 0.43, max: 0.8, runs: 3 });
    expect(figure.baseline).toBe('disk sink 1100 MB/s');
    expect(figure.note).toContain('run 1: 0.43 against disk sink 780 MB/s');
    expect(figure.note).toContain('run 2: 0.8 against disk sink 1032 MB/s');
    expect(figure.note).toContain('the median run: the middle one');
  });

  it('says which run could not measure a figure, and keeps the reason when none could', () => {
    const combined = combineRuns([
      { editor_open_ms: measured([1000], 'cold 2 s'), asr_rtf: { reason: 'no trained model' } },
      { editor_open_ms: { reason: 'Chromium crashed' }, asr_rtf: { reason: 'no trained model' } },
      { editor_open_ms: measured([1200], 'cold 2 s') },
    ]);
    const open = combined.editor_open_ms;
    expect(open && 'summary' in open && open.summary.runs).toBe(2);
    expect(open && 'note' in open ? open.note : '').toContain('run 2: not measured (Chromium crashed)');
    expect(combined.asr_rtf).toEqual({ reason: 'no trained model' });
  });

  it('leaves a single run as it was', () => {
    const run = { editor_open_ms: measured([1000, 1100], 'cold 2 s') };
    expect(combineRuns([run])).toBe(run);
  });
});
