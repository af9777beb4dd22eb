// The security and reliability figures an `npm test` run recorded (test/support/figures.ts), summed
// by label, with the last soak run's and the run's own test counts: printed at the end of the run and
// written into docs/SECURITY.md, stamped with a fingerprint of the code they measure.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { committedDocument, compareFingerprint, SECURITY_FIGURES_CODE } from './fingerprint.mjs';

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

/** The soak's line: its figures and the database settings it ran on (read back from its PostgreSQL). */
function soakLine(soak) {
  if (!soak) return 'soak: not run here (npm run test:soak)';
  const database = soak.databaseSettings
    ? `; its PostgreSQL ran with ${Object.entries(soak.databaseSettings)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ')} (a throwaway cluster, not the product's durable settings)`
    : '';
  return `soak (npm run test:soak, ${soak.at}): ${soak.requests} requests in ${soak.seconds} s, ${soak.errors} errors, ${soak.leaks} leaks across companies, heap growth ${soak.growthMb.toFixed(1)} MB: ${soak.passed ? 'passed' : 'FAILED'}${database}`;
}

/** The run's own test counts, from the Vitest and Playwright JSON reports (null when not recorded). */
function testsLine(tests) {
  if (!tests) return null;
  return `tests passed: ${tests.vitest.passed + tests.playwright.passed} (${tests.vitest.passed} Vitest, ${tests.playwright.passed} Playwright), ${tests.vitest.failed + tests.playwright.failed} failed`;
}

/** One line per figure, as `npm test` prints them and docs/SECURITY.md lists them. */
export function figureLines({ figures, soak, tests }) {
  const lines = figures.map(({ label, count, outOf, notes }) => {
    const detail = Object.entries(notes).map(([note, n]) => (n === 1 || n === count ? note : `${n} ${note}`));
    const value = outOf ? `${count} of ${outOf}` : String(count);
    return `${label}: ${value}${detail.length > 0 ? ` (${detail.join(', ')})` : ''}`;
  });
  lines.push(soakLine(soak));
  const counted = testsLine(tests);
  return counted ? [counted, ...lines] : lines;
}

/** What the section says of the code it measured. */
function codeSentence(code) {
  if (!code)
    return 'Its code fingerprint was not recorded (a run before fingerprints): `npm test` fails until a run writes one.';
  return `Code measured: fingerprint \`${code.fingerprint}\`, a hash of the contents of the files in ${code.folders.map((folder) => `\`${folder}\``).join(', ')}; \`npm test\` fails when those files no longer hash to it (\`scripts/fingerprint.mjs\`), and writes the section to commit.`;
}

/** The figures section of docs/SECURITY.md for a run: the lines, then the data they were made from. */
export function figuresSection(run) {
  return [
    START,
    `Written by \`npm test\` (\`scripts/figures.mjs\`) at the end of a passing run on ${run.at}, commit ${run.commit}, from what its suites recorded; not edited by hand: \`scripts/figures.test.ts\` makes this section again from the data below and fails on any difference.`,
    '',
    codeSentence(run.code),
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

/**
 * The lines of a run's figures that another run of the same code must state alike: its test counts
 * and every figure its suites recorded, each figure's notes in one order (suites run in parallel
 * record them in any order); not its date, commit or soak (a run of its own, by test:soak).
 */
function measuredLines(run) {
  const figures = (run.figures ?? []).map((figure) => ({
    ...figure,
    notes: Object.fromEntries(Object.entries(figure.notes ?? {}).sort(([a], [b]) => a.localeCompare(b))),
  }));
  return figureLines({ figures, soak: null, tests: run.tests ?? null }).slice(0, -1);
}

/**
 * What a documented run states that this run, of the same code, did not measure (and the reverse):
 * empty when they agree. A figure edited by hand, even in the data the section is rendered from,
 * shows here, since this run counted it again.
 */
export function figuresNotMeasured(documented, run) {
  const stated = measuredLines(documented);
  const measured = measuredLines(run);
  return [
    ...stated.filter((line) => !measured.includes(line)).map((line) => `states "${line}"`),
    ...measured.filter((line) => !stated.includes(line)).map((line) => `this run measured "${line}"`),
  ];
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

/** The sentence `npm test` ends with when the committed document states the figures of other code. */
export const STALE_SECURITY_FIGURES =
  'docs/SECURITY.md states figures of other code: commit the section this run wrote';

/** The sentence `npm test` ends with when the committed document, of this code, states figures this run did not count. */
export const UNMEASURED_SECURITY_FIGURES =
  'docs/SECURITY.md states figures this run of the same code did not measure (edited by hand?): commit the section this run wrote';

/**
 * Writes this run's figures section into docs/SECURITY.md under `root`, stamped with the tree's
 * fingerprint, whatever the committed document said; returns the failure message when the committed
 * one (judged by `verdict`, taken before) stated figures of other code, or of this code but other
 * than this run counted, else null.
 */
export function writeRunFigures(root, run, verdict) {
  writeFiguresSection(path.join(root, 'docs/SECURITY.md'), {
    at: run.at,
    commit: run.commit,
    code: { fingerprint: verdict.current, folders: SECURITY_FIGURES_CODE },
    tests: run.tests,
    figures: run.figures,
    soak: run.soak,
  });
  if (!verdict.fresh)
    return `${STALE_SECURITY_FIGURES} (the committed one states ${verdict.stated ?? 'no fingerprint'}; ${SECURITY_FIGURES_CODE.join(', ')} hash to ${verdict.current})`;
  const unmeasured = figuresNotMeasured(verdict.run ?? {}, run);
  return unmeasured.length === 0 ? null : `${UNMEASURED_SECURITY_FIGURES}: ${unmeasured.join('; ')}`;
}

/**
 * Whether the committed docs/SECURITY.md (what CI checks) states figures of the code in this tree:
 * `{ current, stated, fresh, run }` (`run`: the data the committed section was made from), checked
 * before a run rewrites the document.
 */
export function securityFiguresVerdict(root, relativePath = 'docs/SECURITY.md') {
  const document = committedDocument(root, relativePath);
  const run = document ? (documentedFigures(document)?.run ?? null) : null;
  return { ...compareFingerprint(root, SECURITY_FIGURES_CODE, run?.code?.fingerprint), run };
}
