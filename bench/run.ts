// `npm run bench` (full) and `npm run bench -- --quick` (shorter; see bench/README.md): issue 13.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {
  BENCHMARK_FIGURES_CODE,
  BENCHMARK_FIGURES_LEFT_OUT,
  codeFingerprint,
} from '../scripts/fingerprint.mjs';
import { findMediaBinaries } from '../server/media/binaries';
import { combineRuns } from './combine-runs';
import { measureAll } from './measure-all';
import { planFor } from './plan';
import type { Machine } from './report/report-data';
import { writeReport } from './report/write';
import { type FigureResult, figureResults } from './results';

const ROOT = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function machine(ffmpeg: string): Machine {
  const version = execFileSync(ffmpeg, ['-version'], { encoding: 'utf8' }).split('\n')[0] ?? 'ffmpeg';
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: Math.round(os.totalmem() / 1e9),
    node: process.version,
    ffmpeg: version.replace(/ Copyright.*$/, ''),
  };
}

async function main(): Promise<void> {
  const plan = planFor(process.argv.slice(2));
  const startedAt = new Date();
  // Taken before the run: the code the figures measure is the code the run started with.
  const code = {
    fingerprint: codeFingerprint(ROOT, BENCHMARK_FIGURES_CODE, BENCHMARK_FIGURES_LEFT_OUT),
    folders: BENCHMARK_FIGURES_CODE,
    leftOut: BENCHMARK_FIGURES_LEFT_OUT,
  };
  const media = findMediaBinaries({
    FFMPEG_PATH: process.env.FFMPEG_PATH,
    FFPROBE_PATH: process.env.FFPROBE_PATH,
  });
  log(`bench (${plan.mode}): ${media.description}`);
  const runs: Awaited<ReturnType<typeof measureAll>>[] = [];
  const secondsEach: number[] = [];
  for (let run = 1; run <= plan.runs; run++) {
    if (plan.runs > 1) log(`\nwhole run ${run} of ${plan.runs}`);
    const runStarted = Date.now();
    runs.push(await measureAll(plan, media, { repoRoot: ROOT, env: process.env, log }));
    secondsEach.push((Date.now() - runStarted) / 1000);
  }
  // The part tables and timings are the last run's; every figure is combined over the runs.
  const measured = runs.at(-1);
  if (!measured) throw new Error('the bench made no run');
  const finishedAt = new Date();
  const figures = figureResults(combineRuns(runs.map((run) => run.outcomes)));
  const durationSeconds = (finishedAt.getTime() - startedAt.getTime()) / 1000;
  if (plan.only) {
    log(
      `\nparts ${plan.only.join(', ')} only, in ${Math.round(durationSeconds)} s: the report is written by whole runs`,
    );
    for (const figure of figures.filter((figure) => runs.some((run) => run.outcomes[figure.key]))) {
      logFigure(figure);
      for (const words of [figure.baseline, figure.note]) if (words) log(`      ${words}`);
    }
    return;
  }
  await writeReport(ROOT, {
    meta: {
      command: benchCommand(plan),
      mode: plan.mode,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationSeconds,
      machine: machine(media.ffmpeg),
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: (git(['status', '--porcelain']) ?? '') !== '',
      code,
      databaseSettings: measured.databaseSettings,
      sections: measured.timings,
      ...(plan.runs > 1
        ? { runs: { count: plan.runs, secondsEach, sectionsEach: runs.map((run) => run.timings) } }
        : {}),
    },
    figures,
    details: measured.details,
  });
  log(`\nwrote bench/results/latest.json and docs/BENCHMARKS.md in ${Math.round(durationSeconds)} s`);
  for (const figure of figures) logFigure(figure);
}

function benchCommand(plan: ReturnType<typeof planFor>): string {
  const options = [plan.mode === 'quick' ? '--quick' : '', plan.runs > 1 ? `--runs=${plan.runs}` : ''];
  const given = options.filter(Boolean).join(' ');
  return `npm run bench${given ? ` -- ${given}` : ''}`;
}

function logFigure(figure: FigureResult): void {
  const shown = figure.value === null ? `null (${figure.reason})` : String(figure.value);
  log(`  ${figure.key}: ${shown}${figure.met === null ? '' : figure.met ? '  [met]' : '  [NOT met]'}`);
}

await main();
