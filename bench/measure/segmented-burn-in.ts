import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { cpuShare } from '../../server/cpu-share';
import type { MediaBinaries } from '../../server/media/binaries';
import { prepareSubtitleFonts, type SubtitleFonts } from '../../server/media/fonts';
import { paidLength } from '../../server/media/paid-length';
import { probeVideo, type VideoProbe } from '../../server/media/probe';
import { renderSubtitles } from '../../server/media/render-subtitles';
import { DEFAULT_RUN_TIME_LIMIT, runTimeLimitMs } from '../../server/media/run-ffmpeg';
import { burnSegmentFile, joinSegmentFiles } from '../../server/media/segment-files';
import { planSegments } from '../../server/media/segmented-burn';
import { type Cue, cuesToAss, parseSrt } from '../../shared/subtitles';
import type { Footage } from '../inputs/clips';

export interface SegmentedBurnInput {
  footage: Footage;
  clip: string;
  srt: string;
  seconds: number;
}

export interface SegmentedBurnMeasurements {
  footage: Footage;
  seconds: number;
  segments: number;
  /** Segments the one-cue revision burned again (the others were reused by fingerprint). */
  reburnedSegments: number;
  /** The cue that changed, by its start. */
  changedCueStartMs: number;
  /** Wall times per repeat, in the order taken (whole and segmented alternate which goes first). */
  wholeMs: number[];
  segmentedMs: number[];
  revisionMs: number[];
}

/**
 * The cue nearest the middle of the video, its text changed: the edit a revision of one cue makes.
 * Answers the cues and the changed cue's start.
 */
export function changeOneCue(
  cues: readonly Cue[],
  durationSeconds: number,
): { cues: Cue[]; startMs: number } {
  const middle = (durationSeconds * 1000) / 2;
  let nearest = 0;
  cues.forEach((cue, index) => {
    const best = cues[nearest];
    if (best && Math.abs(cue.startMs - middle) < Math.abs(best.startMs - middle)) nearest = index;
  });
  const changed = cues.map((cue, index) =>
    index === nearest ? { ...cue, text: `${cue.text} (edited)` } : cue,
  );
  return { cues: changed, startMs: cues[nearest]?.startMs ?? 0 };
}

interface Context {
  ffmpeg: string;
  clip: string;
  probe: VideoProbe;
  fonts: SubtitleFonts;
  workDir: string;
}

const ass = (context: Context, cues: readonly Cue[]) =>
  cuesToAss(cues, { width: context.probe.width, height: context.probe.height, language: 'en' });

/**
 * A burn-in by segments as one worker runs its jobs: each segment not already kept burned in turn
 * (the segment job's own function), then the join (the join job's). Segments are kept by
 * fingerprint in `kept`, as storage keeps them between burn-ins. Answers the wall time and how many
 * segments it burned.
 */
export async function burnBySegments(
  context: Context,
  cues: readonly Cue[],
  kept: Map<string, string>,
): Promise<{ ms: number; burned: number; segments: number }> {
  const started = performance.now();
  const script = ass(context, cues);
  const { fps, durationSeconds } = context.probe;
  const plan = planSegments(script, { frames: Math.max(1, Math.round(durationSeconds * fps)), fps });
  const cpu = cpuShare(1);
  let burned = 0;
  const files: string[] = [];
  for (const segment of plan) {
    const name = `${segment.index}-${segment.fingerprint}.ts`;
    let file = kept.get(name);
    if (!file) {
      const made = await burnSegmentFile({
        ffmpeg: context.ffmpeg,
        tmpDir: context.workDir,
        cpu,
        source: context.clip,
        ass: script,
        fonts: context.fonts,
        fps,
        segment,
        untilSeconds: paidLength(Math.floor(durationSeconds)),
        timeLimitMs: runTimeLimitMs(DEFAULT_RUN_TIME_LIMIT, durationSeconds),
      });
      // Kept as storage on disk keeps a segment: moved into place.
      file = path.join(context.workDir, name);
      await rename(made.output, file);
      await made.cleanup();
      kept.set(name, file);
      burned++;
    }
    files.push(file);
  }
  const joined = await joinSegmentFiles({
    ffmpeg: context.ffmpeg,
    tmpDir: context.workDir,
    cpu,
    source: context.clip,
    segments: files,
    copyAudio: context.probe.audio?.codec === 'aac',
    untilSeconds: paidLength(Math.floor(durationSeconds)),
    timeLimitMs: runTimeLimitMs(DEFAULT_RUN_TIME_LIMIT, durationSeconds),
  });
  // Stored as the join job stores it: a rename on disk, so inside the timing.
  await rename(joined.output, path.join(context.workDir, 'segmented.mp4'));
  const ms = performance.now() - started;
  await joined.cleanup();
  return { ms, burned, segments: plan.length };
}

/** The product's whole-file burn (one ffmpeg over the whole video), with the whole machine. */
async function burnWhole(context: Context, cues: readonly Cue[]): Promise<number> {
  const started = performance.now();
  const rendered = await renderSubtitles({
    ffmpeg: context.ffmpeg,
    source: context.clip,
    probe: context.probe,
    cues,
    language: 'en',
    fonts: context.fonts,
    tmpDir: context.workDir,
    cpu: cpuShare(1),
  });
  const ms = performance.now() - started;
  await rendered.cleanup();
  return ms;
}

/**
 * A first burn-in by segments with one worker against the whole-file burn-in of the same clip,
 * interleaved (which goes first alternates); after each first segmented burn, the revision that
 * changes one cue, burning only the segments whose fingerprint changed, then joining all of them.
 */
export async function measureSegmentedBurnIn(
  media: MediaBinaries,
  dataDir: string,
  input: SegmentedBurnInput,
  options: { repeats: number },
): Promise<SegmentedBurnMeasurements> {
  const workDir = path.join(dataDir, `segmented-${input.footage}`);
  await mkdir(workDir, { recursive: true });
  const context: Context = {
    ffmpeg: media.ffmpeg,
    clip: input.clip,
    probe: await probeVideo(media.ffprobe, input.clip),
    fonts: await prepareSubtitleFonts(dataDir),
    workDir,
  };
  const cues = parseSrt(await readFile(input.srt, 'utf8'));
  const edited = changeOneCue(cues, context.probe.durationSeconds);
  const result: SegmentedBurnMeasurements = {
    footage: input.footage,
    seconds: input.seconds,
    segments: 0,
    reburnedSegments: 0,
    changedCueStartMs: edited.startMs,
    wholeMs: [],
    segmentedMs: [],
    revisionMs: [],
  };
  try {
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      if (repeat % 2 === 0) result.wholeMs.push(await burnWhole(context, cues));
      // A first burn-in keeps nothing from before.
      const kept = new Map<string, string>();
      const first = await burnBySegments(context, cues, kept);
      result.segmentedMs.push(first.ms);
      result.segments = first.segments;
      const revision = await burnBySegments(context, edited.cues, kept);
      result.revisionMs.push(revision.ms);
      result.reburnedSegments = revision.burned;
      for (const file of kept.values()) await rm(file, { force: true });
      if (repeat % 2 === 1) result.wholeMs.push(await burnWhole(context, cues));
    }
    return result;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
