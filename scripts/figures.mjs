// The security and reliability figures an `npm test` run recorded (test/support/figures.ts), summed
// by label, with the last soak run's: printed at the end of the run and written into docs/SECURITY.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';
const DATA = /<!-- figures-data: (.*) -->/;

/** The run's figures from its reports folder: `{ figures, soak }`, each figure summed over its records. */
export function readFigures(reports) {
  const byLabel = new Map();
  const file = path.join(reports, 'figures.jsonl');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const { label, count, note, outOf } = JSON.parse(line);
      const entry = byLabel.get(label) ?? { label, count: 0, outOf: 0, notes: {} };
      entry.count += count;
      if (outOf) entry.outOf = Math.max(entry.outOf, outOf);
      if (note) entry.notes[note] = (entry.notes[note] ?? 0) + count;
      byLabel.set(label, entry);
    }
  }
  const soakFile = path.join(reports, 'soak.json');
  const soak = existsSync(soakFile) ? JSON.parse(readFileSync(soakFile, 'utf8')) : null;
  const figures = [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
  return { figures, soak };
}

/** One line per figure, as `npm test` prints them and docs/SECURITY.md lists them. */
export function figureLines({ figures, soak }) {
  const lines = figures.map(({ label, count, outOf, notes }) => {
    const detail = Object.entries(notes).map(([note, n]) => (n === 1 || n === count ? note : `${n} ${note}`));
    const value = outOf ? `${count} of ${outOf}` : String(count);
    return `${label}: ${value}${detail.length > 0 ? ` (${detail.join(', ')})` : ''}`;
  });
  lines.push(
    soak
      ? `soak (npm run test:soak, ${soak.at}): ${soak.requests} requests in ${soak.seconds} s, ${soak.errors} errors, ${soak.leaks} leaks across companies, heap growth ${soak.growthMb.toFixed(1)} MB: ${soak.passed ? 'passed' : 'FAILED'}`
      : 'soak: not run here (npm run test:soak)',
  );
  return lines;
}

/** The figures section of docs/SECURITY.md for a run: the lines, then the data they were made from. */
export function figuresSection(run) {
  return [
    START,
    `Written by \`npm test\` (\`scripts/figures.mjs\`) at the end of a passing run on ${run.at}, commit ${run.commit}, from what its suites recorded; not edited by hand: \`scripts/figures.test.ts\` makes this section again from the data below and fails on any difference.`,
    '',
    ...figureLines(run).map((line) => `- ${line}`),
    '',
    `<!-- figures-data: ${JSON.stringify(run)} -->`,
    END,
  ].join('\n');
}

/** The section as a document holds it, and the run it says it was made from. */
export function documentedFigures(document) {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start === -1 || end < start) return null;
  const section = document.slice(start, end + END.length);
  const data = section.match(DATA);
  return { section, run: data ? JSON.parse(data[1]) : null };
}

/** Replaces the figures section of the document at `file` with this run's. */
export function writeFiguresSection(file, run) {
  const document = readFileSync(file, 'utf8');
  const documented = documentedFigures(document);
  if (!documented) throw new Error(`${file} has no ${START} … ${END} section`);
  writeFileSync(
    file,
    document.replace(documented.section, () => figuresSection(run)),
  );
}
