import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import type { BenchReport } from './report-data';
import { BENCHMARKS_DATA } from './write';

const DOCS = path.resolve(import.meta.dirname, '../../docs');

describe('docs/BENCHMARKS.md', () => {
  it('is exactly what the bench wrote from the run beside it (a hand edit fails)', () => {
    const data = path.join(DOCS, BENCHMARKS_DATA);
    expect(existsSync(data), `docs/${BENCHMARKS_DATA} is written by npm run bench with the document`).toBe(
      true,
    );
    const report = JSON.parse(readFileSync(data, 'utf8')) as BenchReport;
    const document = readFileSync(path.join(DOCS, 'BENCHMARKS.md'), 'utf8');
    expect(document).toBe(renderMarkdown(report));
  });
});
