import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where `npm test` collects the figures it prints at the end (scripts/test.mjs reads it). */
export const FIGURES_FILE = path.resolve(import.meta.dirname, '../../test-reports/figures.jsonl');

/**
 * Records a figure of the security and reliability suites (routes covered, fuzz cases, faults
 * survived, requests under load). Records with the same label add up; notes are listed beside them.
 * Call it after the assertions, so only what passed is counted. `outOf` is the number tried, for a
 * figure printed as "N of M" (such as the guards removed that the isolation matrix caught).
 */
export function recordFigure(label: string, count: number, note?: string, outOf?: number): void {
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ label, count, note, outOf })}\n`);
}
