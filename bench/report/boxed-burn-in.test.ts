import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from './report-data';
import { sectionsMarkdown } from './sections';
import { BENCHMARKS_DATA } from './write';

/** The last run written to docs, to render the burn-in table from real numbers. */
const report = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../docs', BENCHMARKS_DATA), 'utf8'),
) as BenchReport;

describe('the burn-in table', () => {
  it('names our style per row once the boxed preset was measured (issue 22)', () => {
    const plain = (report.details.burnIn ?? []).map((c) => ({ ...c, style: 'broadcast' as const }));
    expect(plain.length).toBeGreaterThan(0);
    const boxed = plain.map((c) => ({ ...c, style: 'boxed' as const, variants: [] }));
    const markdown = sectionsMarkdown({
      ...report,
      details: { ...report.details, burnIn: plain, burnInBoxed: boxed },
    });
    expect(markdown).toContain('| Footage | Our style | Clip |');
    const rows = markdown.split('\n').filter((line) => line.startsWith('| test pattern'));
    expect(rows.map((row) => row.split(' | ')[1])).toEqual(['Broadcast', 'Boxed']);
    expect(markdown).toContain('again with the boxed preset');
  });
});
