import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript run by node without a loader; exercised here, not typed
import { documentedFigures, figuresSection } from './figures.mjs';

const SECURITY = path.resolve(import.meta.dirname, '../docs/SECURITY.md');

interface Documented {
  section: string;
  run: unknown;
}

function isMadeByItsRun(document: string): boolean {
  const documented = documentedFigures(document) as Documented | null;
  if (!documented?.run) return false;
  return documented.section === figuresSection(documented.run);
}

describe("docs/SECURITY.md's figures", () => {
  const document = readFileSync(SECURITY, 'utf8');

  it('are the section `npm test` wrote from the run it names, unedited', () => {
    expect(isMadeByItsRun(document)).toBe(true);
  });

  it('fail this check when a figure is edited by hand', () => {
    const run = {
      at: '2026-01-01',
      commit: 'abc1234',
      figures: [{ label: 'faults survived', count: 7, outOf: 0, notes: { 'worker killed': 7 } }],
      soak: null,
    };
    const written = `# Doc\n\n${figuresSection(run)}\n`;
    expect(isMadeByItsRun(written)).toBe(true);
    expect(isMadeByItsRun(written.replace('faults survived: 7', 'faults survived: 8'))).toBe(false);
  });
});
