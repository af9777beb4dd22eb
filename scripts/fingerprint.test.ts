import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  documentedFigures,
  type FiguresRun,
  figuresSection,
  STALE_SECURITY_FIGURES,
  securityFiguresVerdict,
  UNMEASURED_SECURITY_FIGURES,
  writeRunFigures,
} from './figures.mjs';
import {
  BENCHMARK_FIGURES_CODE,
  BENCHMARK_FIGURES_LEFT_OUT,
  benchmarkFiguresVerdict,
  codeFingerprint,
  SECURITY_FIGURES_CODE,
} from './fingerprint.mjs';

let tree: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), text);
}

function commit(): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: tree, stdio: 'ignore' });
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'step');
}

/** A docs/SECURITY.md whose figures section states `fingerprint` (or none). */
function securityDocument(fingerprint: string | null): string {
  const run = {
    at: '2026-01-01',
    commit: 'abc1234',
    ...(fingerprint ? { code: { fingerprint, folders: SECURITY_FIGURES_CODE } } : {}),
    figures: [{ label: 'faults survived', count: 1, outOf: 0, notes: {} }],
    soak: null,
  };
  return `# Security\n\n## Figures\n\n${figuresSection(run)}\n`;
}

beforeEach(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
  execFileSync('git', ['init', '-q'], { cwd: tree });
  write('.gitignore', 'bench/results/\n');
  write('server/app.ts', 'export const app = 1;\n');
  write('test/security/guards.test.ts', 'it("guards")\n');
  write('bench/run.ts', 'run();\n');
  write('README.md', '# Readme\n');
  commit();
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('the code fingerprint', () => {
  it('changes with the contents of a file in the folders that count, and with nothing else', () => {
    const before = codeFingerprint(tree, SECURITY_FIGURES_CODE);
    write('README.md', '# Readme, edited\n');
    write('bench/results/latest.json', '{}');
    expect(codeFingerprint(tree, SECURITY_FIGURES_CODE)).toBe(before);
    expect(codeFingerprint(tree, BENCHMARK_FIGURES_CODE)).toBe(codeFingerprint(tree, BENCHMARK_FIGURES_CODE));
    write('server/app.ts', 'export const app = 2;\n');
    expect(codeFingerprint(tree, SECURITY_FIGURES_CODE)).not.toBe(before);
  });

  it('counts a new file and a file moved to another name', () => {
    const before = codeFingerprint(tree, SECURITY_FIGURES_CODE);
    write('server/new.ts', '');
    const withNew = codeFingerprint(tree, SECURITY_FIGURES_CODE);
    expect(withNew).not.toBe(before);
    rmSync(path.join(tree, 'server/new.ts'));
    write('server/renamed.ts', '');
    expect(codeFingerprint(tree, SECURITY_FIGURES_CODE)).not.toBe(withNew);
  });
});

describe("docs/SECURITY.md's figures against the tree", () => {
  it('are fresh while the committed section states the fingerprint of the files that count', () => {
    write('docs/SECURITY.md', securityDocument(codeFingerprint(tree, SECURITY_FIGURES_CODE)));
    commit();
    expect(securityFiguresVerdict(tree).fresh).toBe(true);
  });

  it('are stale once a measured file changes, or when the section states no fingerprint', () => {
    write('docs/SECURITY.md', securityDocument(codeFingerprint(tree, SECURITY_FIGURES_CODE)));
    commit();
    write('test/security/guards.test.ts', 'it("guards, weakened")\n');
    expect(securityFiguresVerdict(tree)).toMatchObject({ fresh: false });
    write('docs/SECURITY.md', securityDocument(null));
    commit();
    expect(securityFiguresVerdict(tree)).toMatchObject({ fresh: false, stated: null });
  });

  it('are judged by the committed document, not by one a run rewrote and nobody committed', () => {
    write('docs/SECURITY.md', securityDocument('sha256:0000000000000000'));
    commit();
    write('docs/SECURITY.md', securityDocument(codeFingerprint(tree, SECURITY_FIGURES_CODE)));
    expect(securityFiguresVerdict(tree).fresh).toBe(false);
  });

  it('a stale run still writes the fresh section and says so; once it is committed the next run passes', () => {
    write('docs/SECURITY.md', securityDocument('sha256:0000000000000000'));
    commit();
    const run = {
      at: '2026-02-02',
      commit: 'def5678',
      tests: { vitest: { passed: 40, failed: 0 }, playwright: { passed: 2, failed: 0 } },
      figures: [],
      soak: null,
    };
    const message = writeRunFigures(tree, run, securityFiguresVerdict(tree));
    expect(message).toContain(STALE_SECURITY_FIGURES);
    const written = readFileSync(path.join(tree, 'docs/SECURITY.md'), 'utf8');
    expect(written).toContain(codeFingerprint(tree, SECURITY_FIGURES_CODE));
    expect(written).toContain('tests passed: 42 (40 Vitest, 2 Playwright), 0 failed');
    commit();
    expect(writeRunFigures(tree, run, securityFiguresVerdict(tree))).toBeNull();
  });
});

describe('a figure edited by hand in the data, and the section rendered again from it', () => {
  const measured: Omit<FiguresRun, 'code'> = {
    at: '2026-03-03',
    commit: 'abc1234',
    tests: { vitest: { passed: 40, failed: 0 }, playwright: { passed: 2, failed: 0 } },
    figures: [
      { label: 'company guards, each removed, caught', count: 48, outOf: 48, notes: {} },
      { label: 'faults survived', count: 12, outOf: 0, notes: { 'worker killed': 8, 'disk full': 4 } },
    ],
    soak: null,
  };
  const [guards, faults] = measured.figures as [FiguresRun['figures'][0], FiguresRun['figures'][0]];

  /** Commits the section the run wrote with its data changed by `edited` and rendered again. */
  function commitEdited(edited: Partial<FiguresRun>): string {
    const code = {
      fingerprint: codeFingerprint(tree, SECURITY_FIGURES_CODE),
      folders: SECURITY_FIGURES_CODE,
    };
    const section = figuresSection({ ...measured, ...edited, code });
    write('docs/SECURITY.md', `# Security\n\n${section}\n`);
    commit();
    return section;
  }

  it.each<[string, Partial<FiguresRun>]>([
    ['a figure raised', { figures: [{ ...guards, count: 50, outOf: 50 }, faults] }],
    ['a figure taken out', { figures: [faults] }],
    [
      'the test count raised',
      { tests: { vitest: { passed: 400, failed: 0 }, playwright: { passed: 2, failed: 0 } } },
    ],
  ])('%s passes the rendering check, and fails the next run of the same code', (_edit, edited) => {
    const section = commitEdited(edited);
    // The rendering check alone cannot see it: the section is what its (edited) data renders to.
    const documented = documentedFigures(section);
    expect(documented?.run && figuresSection(documented.run)).toBe(section);
    const verdict = securityFiguresVerdict(tree);
    expect(verdict.fresh).toBe(true);
    expect(writeRunFigures(tree, measured, verdict)).toContain(UNMEASURED_SECURITY_FIGURES);
    // The section this run wrote, committed, passes the next run.
    commit();
    expect(writeRunFigures(tree, measured, securityFiguresVerdict(tree))).toBeNull();
  });

  it('the section as the run wrote it passes the next run; only its date, commit, soak and order of notes may differ', () => {
    commitEdited({});
    const next = {
      ...measured,
      figures: [guards, { ...faults, notes: { 'disk full': 4, 'worker killed': 8 } }],
      at: '2026-03-04',
      commit: 'def5678',
      soak: {
        at: '2026-03-04T00:00:00.000Z',
        passed: true,
        seconds: 60,
        requests: 10,
        errors: 0,
        leaks: 0,
        growthMb: 0.5,
      },
    };
    expect(writeRunFigures(tree, next, securityFiguresVerdict(tree))).toBeNull();
  });
});

describe("docs/BENCHMARKS.json's run against the tree", () => {
  const report = (fingerprint?: string, mode: 'quick' | 'full' = 'full') =>
    JSON.stringify({
      meta: fingerprint
        ? {
            mode,
            code: { fingerprint, folders: BENCHMARK_FIGURES_CODE, leftOut: BENCHMARK_FIGURES_LEFT_OUT },
          }
        : { mode },
    });
  const benchedCode = () => codeFingerprint(tree, BENCHMARK_FIGURES_CODE, BENCHMARK_FIGURES_LEFT_OUT);

  it('is fresh at the fingerprint of the bench and the code it runs, stale after a change to either, not after a change to a test', () => {
    write('server/app.test.ts', 'it("app")\n');
    write('bench/plan.test.ts', 'it("plan")\n');
    write('client/src/Editor.test.tsx', 'it("editor")\n');
    commit();
    write('docs/BENCHMARKS.json', report(benchedCode()));
    commit();
    expect(benchmarkFiguresVerdict(tree)).toMatchObject({ fresh: true, mode: 'full' });
    // A bench runs no test: changing or adding one keeps the published figures.
    write('server/app.test.ts', 'it("app, again")\n');
    write('bench/plan.test.ts', 'it("plan, again")\n');
    write('client/src/Editor.test.tsx', 'it("editor, again")\n');
    write('server/domains/new.test.ts', 'it("new")\n');
    expect(benchmarkFiguresVerdict(tree).fresh).toBe(true);
    write('server/domains/new.ts', 'export const added = 1;\n');
    expect(benchmarkFiguresVerdict(tree).fresh).toBe(false);
    rmSync(path.join(tree, 'server/domains/new.ts'));
    write('server/app.ts', 'export const app = 3;\n');
    expect(benchmarkFiguresVerdict(tree).fresh).toBe(false);
    write('server/app.ts', 'export const app = 1;\n');
    write('bench/run.ts', 'run({ faster: true });\n');
    expect(benchmarkFiguresVerdict(tree).fresh).toBe(false);
  });

  it('is stale when the run recorded no fingerprint, and tells a quick run apart from the full one', () => {
    write('docs/BENCHMARKS.json', report());
    commit();
    expect(benchmarkFiguresVerdict(tree)).toMatchObject({ fresh: false, stated: null });
    // A fresh quick run is not taken for the published full one: npm test judges both.
    write('docs/BENCHMARKS.json', report(benchedCode(), 'quick'));
    commit();
    expect(benchmarkFiguresVerdict(tree)).toMatchObject({ fresh: true, mode: 'quick' });
  });
});
