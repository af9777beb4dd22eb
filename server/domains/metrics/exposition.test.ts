import { describe, expect, it } from 'vitest';
import { histogramSamples, renderFamilies } from './exposition';
import { cumulativeByBound } from './repo';
import { reasonLabel } from './service';

describe('the text exposition', () => {
  it('writes help, type and samples, escaping label values', () => {
    const text = renderFamilies([
      {
        name: 'x_total',
        help: 'Line one\nline two',
        type: 'counter',
        samples: [{ labels: { reason: 'a "quoted"\\path\nnext' }, value: 2.5 }],
      },
    ]);
    expect(text).toBe(
      '# HELP x_total Line one\\nline two\n# TYPE x_total counter\nx_total{reason="a \\"quoted\\"\\\\path\\nnext"} 2.5\n',
    );
  });

  it('makes a histogram of cumulative counts ending at +Inf, with its sum and count', () => {
    const samples = histogramSamples({ task: 't' }, [1, 5, Number.POSITIVE_INFINITY], [1, 3, 4], 12.5);
    expect(
      renderFamilies([{ name: 'd_seconds', help: 'h', type: 'histogram', samples }]).split('\n'),
    ).toEqual([
      '# HELP d_seconds h',
      '# TYPE d_seconds histogram',
      'd_seconds_bucket{task="t",le="1"} 1',
      'd_seconds_bucket{task="t",le="5"} 3',
      'd_seconds_bucket{task="t",le="+Inf"} 4',
      'd_seconds_sum{task="t"} 12.5',
      'd_seconds_count{task="t"} 4',
      '',
    ]);
  });

  it('writes nothing for no families', () => {
    expect(renderFamilies([])).toBe('');
  });
});

describe('a failure reason as a label', () => {
  it('drops the refunded amount and numbers, so one cause stays one series', () => {
    expect(reasonLabel('The video has no audio track to transcribe. Your €1.20 was refunded.')).toBe(
      'The video has no audio track to transcribe.',
    );
    expect(reasonLabel('Video 42 has no generate choices')).toBe('Video N has no generate choices');
    expect(reasonLabel('')).toBe('unknown');
    expect(reasonLabel('x'.repeat(500))).toHaveLength(120);
  });
});

describe('job durations per bound', () => {
  it('sum the runs of each bucket into every bound at or above it', () => {
    const rows = [
      { task: 't', outcome: 'completed', bucket: 0, runs: 2, seconds: 1 },
      { task: 't', outcome: 'completed', bucket: 2, runs: 1, seconds: 40 },
      { task: 't', outcome: 'failed', bucket: 1, runs: 1, seconds: 3 },
    ];
    expect(cumulativeByBound(rows, 3)).toEqual([
      { task: 't', outcome: 'completed', at_or_below: [2, 2, 3], seconds: 41 },
      { task: 't', outcome: 'failed', at_or_below: [0, 1, 1], seconds: 3 },
    ]);
  });
});
