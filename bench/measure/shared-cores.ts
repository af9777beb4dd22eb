import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CpuShare, cpuShare } from '../../server/cpu-share';
import type { MediaBinaries } from '../../server/media/binaries';
import { prepareSubtitleFonts, type SubtitleFonts } from '../../server/media/fonts';
import { probeVideo, type VideoProbe } from '../../server/media/probe';
import { renderSubtitles } from '../../server/media/render-subtitles';
import { type Cue, parseSrt } from '../../shared/subtitles';
import type { Footage } from '../inputs/clips';
import { median, type Summary } from '../stats';
import type { BurnInInput } from './burn-in';

/** The worker's default WORKER_CONCURRENCY: the case the issue asks about. */
export const JOBS_AT_ONCE = 2;

export type Arrangement = 'oneAfterOther' | 'twoAtOnceShared' | 'twoAtOnceEveryCore';

export const ARRANGEMENTS: readonly Arrangement[] = [
  'oneAfterOther',
  'twoAtOnceShared',
  'twoAtOnceEveryCore',
];

export const ARRANGEMENT_LABELS: Record<Arrangement, string> = {
  oneAfterOther: 'one after the other, each with the whole machine (cpuShare(1))',
  twoAtOnceShared: 'two at once, cores shared (cpuShare(2), the current rule)',
  twoAtOnceEveryCore: 'two at once, each taking every core at normal priority (the rule before cpuShare)',
};

export interface ArrangementTimes {
  /** What each of the two burn-ins was given. */
  cpu: CpuShare;
  /** Wall time until both burn-ins were finished, per repeat. */
  ms: number[];
}

export interface SharedCoresMeasurements {
  footage: Footage;
  seconds: number;
  cores: number;
  jobs: number;
  oneAfterOther: ArrangementTimes;
  twoAtOnceShared: ArrangementTimes;
  twoAtOnceEveryCore: ArrangementTimes;
}

/**
 * The order of the arrangements in one repeat: each repeat starts one further along, so over the
 * repeats every arrangement runs first, in the middle and last, and drift on a noisy machine hits
 * all of them alike.
 */
export function rotation<T>(items: readonly T[], repeat: number): T[] {
  if (items.length === 0) return [];
  const start = ((repeat % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * median(numerators) / median(denominators), with the range of the per-repeat ratios (the
 * arrangements of one repeat run back to back, so each repeat's ratio is as fair as the run
 * allows). For positive times the ratio of the medians always lies within that range (the median
 * is monotone); it is included anyway, so the summary can never read as contradictory.
 */
export function ratioOfMedians(numerators: readonly number[], denominators: readonly number[]): Summary {
  if (numerators.length === 0 || numerators.length !== denominators.length)
    throw new Error(
      `ratio of medians needs paired repeats (${numerators.length} and ${denominators.length})`,
    );
  const value = median(numerators) / median(denominators);
  const perRepeat = numerators.map((numerator, index) => numerator / (denominators[index] ?? Number.NaN));
  if (![value, ...perRepeat].every(Number.isFinite)) throw new Error('ratio of medians is not finite');
  const min = Math.min(value, ...perRepeat);
  const max = Math.max(value, ...perRepeat);
  return {
    median: value,
    min,
    max,
    spreadPct: value === 0 ? 0 : ((max - min) / Math.abs(value)) * 100,
    runs: numerators.length,
  };
}

interface Context {
  ffmpeg: string;
  source: string;
  probe: VideoProbe;
  cues: readonly Cue[];
  fonts: SubtitleFonts;
  workDir: string;
}

/** One burn-in by the product's renderer; checks it wrote a video and removes it. */
async function burnIn(context: Context, cpu: CpuShare): Promise<void> {
  const rendered = await renderSubtitles({
    ffmpeg: context.ffmpeg,
    source: context.source,
    probe: context.probe,
    cues: context.cues,
    language: 'en',
    fonts: context.fonts,
    tmpDir: context.workDir,
    cpu,
  });
  try {
    if ((await stat(rendered.output)).size === 0) throw new Error('the burn-in wrote an empty file');
  } finally {
    await rendered.cleanup();
  }
}

/** Wall time until every one of the burn-ins is finished, started together or in turn. */
async function timeJobs(context: Context, cpu: CpuShare, jobs: number, together: boolean): Promise<number> {
  const started = performance.now();
  if (together) await Promise.all(Array.from({ length: jobs }, () => burnIn(context, cpu)));
  else for (let job = 0; job < jobs; job++) await burnIn(context, cpu);
  return performance.now() - started;
}

/**
 * Issue: "two jobs at once must not be worse than one after the other". Two burn-ins of the same
 * clip and SRT, per repeat in rotating order: in turn with the whole machine each, together with the
 * cores shared (cpuShare(2)), and together each taking every core (the rule before cpuShare).
 */
export async function measureSharedCores(
  media: MediaBinaries,
  dataDir: string,
  input: BurnInInput,
  options: { repeats: number; cores?: number },
): Promise<SharedCoresMeasurements> {
  const cores = options.cores ?? os.availableParallelism();
  const workDir = path.join(dataDir, `shared-cores-${input.footage}`);
  await mkdir(workDir, { recursive: true });
  const context: Context = {
    ffmpeg: media.ffmpeg,
    source: input.clip,
    probe: await probeVideo(media.ffprobe, input.clip),
    cues: parseSrt(await readFile(input.srt, 'utf8')),
    fonts: await prepareSubtitleFonts(dataDir),
    workDir,
  };
  const plans: Record<Arrangement, { cpu: CpuShare; together: boolean }> = {
    oneAfterOther: { cpu: cpuShare(1, cores), together: false },
    twoAtOnceShared: { cpu: cpuShare(JOBS_AT_ONCE, cores), together: true },
    twoAtOnceEveryCore: { cpu: { threadsPerJob: cores, niceness: 0 }, together: true },
  };
  const ms: Record<Arrangement, number[]> = {
    oneAfterOther: [],
    twoAtOnceShared: [],
    twoAtOnceEveryCore: [],
  };
  try {
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      for (const arrangement of rotation(ARRANGEMENTS, repeat)) {
        const { cpu, together } = plans[arrangement];
        ms[arrangement].push(await timeJobs(context, cpu, JOBS_AT_ONCE, together));
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const times = (arrangement: Arrangement) => ({ cpu: plans[arrangement].cpu, ms: ms[arrangement] });
  return {
    footage: input.footage,
    seconds: input.seconds,
    cores,
    jobs: JOBS_AT_ONCE,
    oneAfterOther: times('oneAfterOther'),
    twoAtOnceShared: times('twoAtOnceShared'),
    twoAtOnceEveryCore: times('twoAtOnceEveryCore'),
  };
}
