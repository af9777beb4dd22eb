import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flatFigures } from '../results';
import { renderMarkdown } from './markdown';
import type { BenchReport } from './report-data';

/**
 * bench/results/latest.json (the flat `key` / `key_reason` figures first, then everything else),
 * a dated copy beside it, docs/BENCHMARKS.md and the report it was written from.
 */
export async function writeReport(repoRoot: string, report: BenchReport): Promise<void> {
  const resultsDir = path.join(repoRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const json = `${JSON.stringify({ ...flatFigures(report.figures), ...report }, null, 2)}\n`;
  await writeFile(path.join(resultsDir, 'latest.json'), json);
  const stamp = report.meta.startedAt.replace(/[:.]/g, '-');
  await writeFile(path.join(resultsDir, `${report.meta.mode}-${stamp}.json`), json);
  await writeFile(path.join(repoRoot, 'docs', 'BENCHMARKS.md'), renderMarkdown(report));
  // The run's data beside its document: document.test.ts makes the document again from it, so a
  // figure edited by hand in docs/BENCHMARKS.md fails the tests.
  await writeFile(path.join(repoRoot, 'docs', BENCHMARKS_DATA), `${JSON.stringify(report, null, 1)}\n`);
}

/** The file in docs/ that holds the report docs/BENCHMARKS.md was written from. */
export const BENCHMARKS_DATA = 'BENCHMARKS.json';
