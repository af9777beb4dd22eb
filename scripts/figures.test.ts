import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedFigures, figureLines, figuresSection } from './figures.mjs';

const SECURITY = path.resolve(import.meta.dirname, '../docs/SECURITY.md');

function isMadeByItsRun(document: string): boolean {
  const documented = documentedFigures(document);
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

  it("state the soak's database settings as it read them back", () => {
    const soak = {
      at: '2026-01-01T00:00:00.000Z',
      passed: true,
      seconds: 60,
      requests: 10,
      errors: 0,
      leaks: 0,
      growthMb: 0.5,
      databaseSettings: { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' },
    };
    const [line] = figureLines({ figures: [], soak }) as string[];
    expect(line).toContain('its PostgreSQL ran with fsync=off, full_page_writes=off, synchronous_commit=off');
  });
});
