// A fingerprint of the code a published figure measures: a hash of the contents of the files in the
// folders that count. Content, not git history: CI runs in a clone made with `--depth 1`, where the
// commits that last changed those folders are not there.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What docs/SECURITY.md's figures measure: the product, and the suites that record the figures. */
export const SECURITY_FIGURES_CODE = [
  'server/',
  'shared/',
  'worker/',
  'migrations/',
  'client/src/',
  'test/security/',
  'test/reliability/',
  'test/soak/',
];

/** What docs/BENCHMARKS.md's figures measure: the server, worker and editor the bench runs, and the bench. */
export const BENCHMARK_FIGURES_CODE = [
  'server/',
  'shared/',
  'worker/',
  'migrations/',
  'client/src/',
  'scripts/start.mjs',
  'bench/',
];

/**
 * Files in those folders that a bench never runs: its figures stay at the code they measured when
 * only a test changes (git pathspec globs, `**` crossing folders).
 */
export const BENCHMARK_FIGURES_LEFT_OUT = ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'];

/**
 * The files under `folders` that git would commit (tracked, or new and not ignored: build output
 * and bench/results/ are ignored), but those matching `leftOut`, relative to `root`, sorted; files
 * deleted from the tree are left out.
 */
export function filesUnder(root, folders, leftOut = []) {
  const excluded = leftOut.map((glob) => `:(exclude,glob)${glob}`);
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...folders, ...excluded],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0)
    throw new Error(`git ls-files failed in ${root}: ${listed.stderr || listed.error?.message}`);
  const files = [...new Set(listed.stdout.split('\0').filter(Boolean))];
  return files
    .filter((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile())
    .sort();
}

/** `sha256:` and the first 16 hex digits of a hash over each file's path and contents. */
export function codeFingerprint(root, folders, leftOut = []) {
  const hash = createHash('sha256');
  for (const file of filesUnder(root, folders, leftOut)) {
    const contents = readFileSync(path.join(root, file));
    hash.update(`${file}\0${contents.length}\0`);
    hash.update(contents);
  }
  return `sha256:${hash.digest('hex').slice(0, 16)}`;
}

/**
 * The document as the last commit holds it (what CI checks), or as the folder holds it when git has
 * no commit of it (a new document, or a folder outside git).
 */
export function committedDocument(root, relativePath) {
  const shown = spawnSync('git', ['show', `HEAD:${relativePath}`], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (shown.status === 0) return shown.stdout;
  const file = path.join(root, relativePath);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * Whether figures stamped with `stated` (the fingerprint a document gives, or null when it gives
 * none) measure the tree at `root`: `{ current, stated, fresh }`.
 */
export function compareFingerprint(root, folders, stated, leftOut = []) {
  const current = codeFingerprint(root, folders, leftOut);
  return { current, stated: stated ?? null, fresh: stated === current };
}

/** The sentence `npm test` prints while docs/BENCHMARKS.md measures other code, or is not a full run. */
export const STALE_BENCHMARK_FIGURES =
  'docs/BENCHMARKS.md states figures of other code or of a --quick run: run `npm run bench` (the full run) and commit docs/BENCHMARKS.md and docs/BENCHMARKS.json';

/**
 * Whether the committed docs/BENCHMARKS.json (the run docs/BENCHMARKS.md is rendered from) was
 * measured on the code in this tree, and by a full run (the pipeline targets are stated for the
 * 10-minute clips only a full run measures): `{ current, stated, fresh, mode }`.
 */
export function benchmarkFiguresVerdict(root, relativePath = 'docs/BENCHMARKS.json') {
  const data = committedDocument(root, relativePath);
  let meta = null;
  try {
    meta = data ? (JSON.parse(data).meta ?? null) : null;
  } catch {
    meta = null;
  }
  const compared = compareFingerprint(
    root,
    BENCHMARK_FIGURES_CODE,
    meta?.code?.fingerprint,
    BENCHMARK_FIGURES_LEFT_OUT,
  );
  return { ...compared, mode: meta?.mode ?? null };
}
