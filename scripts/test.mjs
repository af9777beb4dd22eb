// `npm test`: typecheck, lint, unit and integration tests (Vitest, real PostgreSQL), then end-to-end
// tests (Playwright in Chromium). Stops at the first failing step and ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Outside test-results/, which Playwright empties when it starts.
const reports = path.join(root, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
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

function counts() {
  let passed = 0;
  let failed = 0;
  const vitest = path.join(reports, 'vitest.json');
  if (existsSync(vitest)) {
    const result = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
  }
  const playwright = path.join(reports, 'playwright.json');
  if (existsSync(playwright)) {
    const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  if (run.status !== 0) {
    const { passed, failed } = counts();
    console.error(`\n✖ ${name} failed`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(run.status ?? 1);
  }
}
const { passed, failed } = counts();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
