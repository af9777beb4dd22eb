// `npm test`: typecheck, lint, unit and integration tests (Vitest, real PostgreSQL), then end-to-end
// tests (Playwright in Chromium). Stops at the first failing step and ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figureLines, readFigures, securityFiguresVerdict, writeRunFigures } from './figures.mjs';
import {
  BENCHMARK_FIGURES_CODE,
  BENCHMARK_FIGURES_LEFT_OUT,
  benchmarkFiguresVerdict,
  STALE_BENCHMARK_FIGURES,
} from './fingerprint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Outside test-results/, which Playwright empties when it starts. The soak's report (npm run
// test:soak, run before this in CI) stays: its figures are printed with this run's.
const reports = path.join(root, 'test-reports');
mkdirSync(reports, { recursive: true });
for (const owned of ['vitest.json', 'playwright.json', 'figures.jsonl']) {
  rmSync(path.join(reports, owned), { force: true });
}
// Whether the committed documents state figures of the code in this tree, judged before this run
// rewrites docs/SECURITY.md (the run's own section is always fresh).
const securityFigures = securityFiguresVerdict(root);
const benchmarkFigures = benchmarkFiguresVerdict(root);
// A docs/BENCHMARKS.md of other code, or of a --quick run, fails the run (issue 37): a change to the
// code it measures is committed with a new full `npm run bench` (over an hour on 2 cores).
const STALE_BENCHMARKS_FAIL = true;

const bin = (name) => path.join(root, 'node_modules/.bin', name);

const steps = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('biome'), ['check', '.']],
  [
    'unit and integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`],
  ],
  ['chromium', process.execPath, ['scripts/ensure-chromium.mjs']],
  ['client build', bin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']],
  ['end-to-end', bin('playwright'), ['test']],
];

/** The run's test counts, per runner, from the JSON reports the runners wrote. */
function testCounts() {
  const tests = { vitest: { passed: 0, failed: 0 }, playwright: { passed: 0, failed: 0 } };
  const vitest = path.join(reports, 'vitest.json');
  if (existsSync(vitest)) {
    const result = JSON.parse(readFileSync(vitest, 'utf8'));
    tests.vitest = { passed: result.numPassedTests, failed: result.numFailedTests };
  }
  const playwright = path.join(reports, 'playwright.json');
  if (existsSync(playwright)) {
    const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
    tests.playwright = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  }
  return tests;
}

function counts() {
  const { vitest, playwright } = testCounts();
  return { passed: vitest.passed + playwright.passed, failed: vitest.failed + playwright.failed };
}

/** Says so, and fails the run, when docs/BENCHMARKS.md measured other code or is a quick run. */
function benchmarksStale() {
  if (benchmarkFigures.fresh && benchmarkFigures.mode === 'full') return false;
  console.warn(
    `\n⚠ ${STALE_BENCHMARK_FIGURES} (it states ${benchmarkFigures.stated ?? 'no fingerprint'} from a ${benchmarkFigures.mode ?? 'unknown'} run; ${BENCHMARK_FIGURES_CODE.join(', ')} without ${BENCHMARK_FIGURES_LEFT_OUT.join(', ')} hash to ${benchmarkFigures.current})`,
  );
  return STALE_BENCHMARKS_FAIL;
}

/** The security and reliability figures the suites recorded, and the last soak run's. */
function printFigures() {
  const lines = figureLines(readFigures(reports)).map((line) => `  ${line}`);
  console.log(`\nsecurity and reliability figures:\n${lines.join('\n')}`);
}

/**
 * What each failed end-to-end test's pages showed (Playwright's error-context.md: the accessibility
 * snapshot of each page), so a failure on a CI machine whose test-results/ is gone can still be read from its log.
 */
function printPageSnapshots() {
  const results = path.join(root, 'test-results');
  if (!existsSync(results)) return;
  for (const folder of readdirSync(results)) {
    const file = path.join(results, folder, 'error-context.md');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('# Test source');
    const snapshot = text.slice(Math.max(0, text.indexOf('# Test info')), end === -1 ? undefined : end);
    console.log(`\n— what ${folder} showed —\n${snapshot.trim()}`);
  }
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  if (run.status !== 0) {
    if (name === 'end-to-end') printPageSnapshots();
    const { passed, failed } = counts();
    printFigures();
    benchmarksStale();
    console.error(`\n✖ ${name} failed`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(run.status ?? 1);
  }
}
const { passed, failed } = counts();
printFigures();
let staleDocuments = benchmarksStale();
if (failed === 0) {
  // docs/SECURITY.md states the figures of the last passing run, made by that run.
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const stale = writeRunFigures(
    root,
    {
      at: new Date().toISOString().slice(0, 10),
      commit: commit.stdout?.trim() || 'unknown',
      tests: testCounts(),
      ...readFigures(reports),
    },
    securityFigures,
  );
  console.log('docs/SECURITY.md: figures section written from this run');
  if (stale) {
    console.error(`\n✖ ${stale}`);
    staleDocuments = true;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || staleDocuments ? 1 : 0);
