import { describe, expect, it } from 'vitest';
import { figureResults } from '../results';
import { summarize } from '../stats';
import { figureNotes, measuredLine, sideBySideTable } from './markdown';
import type { Meta } from './report-data';

const noteOf = (notes: string, key: string) =>
  notes.split('\n').find((line) => line.startsWith(`- \`${key}\``));

describe('the notes per figure', () => {
  it('say what stands in the way beside a missed target, and nothing of the kind beside a met one', () => {
    const notes = figureNotes(
      figureResults({
        upload_peak_rss_mb: { summary: summarize([160]), note: 'after 2 uploads' },
        burnin_speedup_vs_naive: { summary: summarize([2.7]), note: 'test pattern' },
      }),
      {},
    );
    const missed = noteOf(notes, 'upload_peak_rss_mb');
    expect(missed).toContain('after 2 uploads');
    // Only what the run measured: this fake run has no upload details, so nothing beside the figure.
    expect(missed).toBe('- `upload_peak_rss_mb`: after 2 uploads');
    expect(noteOf(notes, 'burnin_speedup_vs_naive')).toBe('- `burnin_speedup_vs_naive`: test pattern');
  });

  it('give the reason for a figure that was not measured', () => {
    const notes = figureNotes(figureResults({ asr_rtf: { reason: 'no trained model here' } }), {});
    expect(noteOf(notes, 'asr_rtf')).toBe('- `asr_rtf`: **not measured** — no trained model here');
  });
});

describe('the side-by-side figures', () => {
  const figures = figureResults({
    upload_throughput_ratio: { summary: summarize([0.49]) },
    upload_throughput_ratio_vs_disk_sink: { summary: summarize([0.82]) },
  });

  it('list a target met only against the gentler baseline beside the stricter figure, which comes first', () => {
    const table = sideBySideTable(figures);
    const row = table.split('\n').find((line) => line.includes('Upload throughput')) ?? '';
    expect(row).toContain('`upload_throughput_ratio`: 0.490 × (NOT met)');
    expect(row.indexOf('0.490 ×')).toBeLessThan(row.indexOf('0.820 × (met)'));
  });

  it('put the gentler figure right after the stricter one in the notes', () => {
    const keys = figureNotes(figures, {})
      .split('\n')
      .map((line) => line.match(/^- `([a-z0-9_]+)`/)?.[1]);
    const stricter = keys.indexOf('upload_throughput_ratio');
    expect(keys[stricter + 1]).toBe('upload_throughput_ratio_vs_disk_sink');
  });
});

describe("the document's first line", () => {
  const meta = {
    commit: 'abc1234',
    dirty: false,
    mode: 'quick',
    code: { fingerprint: 'sha256:0123456789abcdef', folders: ['bench/', 'server/'] },
  } as Meta;

  it('says at which commit and code fingerprint the run measured, and that it was a quick run', () => {
    const line = measuredLine(meta);
    expect(line).toContain('commit `abc1234`');
    expect(line).toContain('code fingerprint `sha256:0123456789abcdef`');
    expect(line).toContain('a `--quick` run');
    expect(measuredLine({ ...meta, mode: 'full' })).toContain('a full run');
  });

  it('says when the figures combine several whole runs, and how long each took', () => {
    expect(measuredLine(meta)).not.toContain('whole runs');
    const line = measuredLine({
      ...meta,
      runs: { count: 3, secondsEach: [801.4, 815, 790], sectionsEach: [] },
    });
    expect(line).toContain('3 whole runs one after the other (801 s, 815 s, 790 s)');
    expect(line).toContain("the median of the runs' own medians");
  });

  it('says when a run recorded no fingerprint', () => {
    expect(measuredLine({ ...meta, code: undefined })).toContain('no code fingerprint');
  });
});
