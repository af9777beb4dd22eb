import { describe, expect, it } from 'vitest';
import { figureResults } from '../results';
import { summarize } from '../stats';
import { figureNotes } from './markdown';

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
    expect(missed).toContain('**Not met:** Part of the peak is held before any upload');
    expect(noteOf(notes, 'burnin_speedup_vs_naive')).toBe('- `burnin_speedup_vs_naive`: test pattern');
  });

  it('give the reason for a figure that was not measured', () => {
    const notes = figureNotes(figureResults({ asr_rtf: { reason: 'no trained model here' } }), {});
    expect(noteOf(notes, 'asr_rtf')).toBe('- `asr_rtf`: **not measured** — no trained model here');
  });
});
