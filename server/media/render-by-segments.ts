import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CpuShare } from '../cpu-share';
import type { VideoProbe } from './probe';
import { runFfmpeg } from './run-ffmpeg';
import { joinSegmentsArgs, planSegments, segmentBurnArgs, segmentList } from './segmented-burn';

/** Where a video's burned segments are kept between burn-ins, by name (`<index>-<fingerprint>.ts`). */
export interface SegmentStore {
  has(name: string): Promise<boolean>;
  /** Takes a finished segment file (it is gone from its place after). */
  keep(name: string, file: string): Promise<void>;
  /** Runs `use` with local files holding the named segments, in order. */
  withLocalFiles<T>(names: readonly string[], use: (files: string[]) => Promise<T>): Promise<T>;
  /** Removes the kept segments not named: the ones no current burn-in can use. */
  keepOnly(names: readonly string[]): Promise<void>;
}

export interface SegmentedRender {
  ffmpeg: string;
  source: string;
  probe: VideoProbe;
  /** The working folder, holding the ASS script and the fonts folder under the names below. */
  workDir: string;
  assFile: string;
  fontsDir: string;
  env: NodeJS.ProcessEnv;
  store: SegmentStore;
  cpu: CpuShare;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/**
 * Burns the video segment by segment, reusing each kept segment whose fingerprint is unchanged (a
 * revision that changed one cue burns about one segment), then joins them into `hardcoded.mp4` in
 * the working folder. Answers that file.
 */
export async function renderBySegments(job: SegmentedRender): Promise<string> {
  const { fps, durationSeconds } = job.probe;
  const ass = await readFile(path.join(job.workDir, job.assFile), 'utf8');
  const frames = Math.max(1, Math.round(durationSeconds * fps));
  const plan = planSegments(ass, { frames, fps });
  const names = plan.map((segment) => `${segment.index}-${segment.fingerprint}.ts`);
  const run = (args: string[], onSeconds?: (seconds: number) => void) =>
    runFfmpeg(job.ffmpeg, args, {
      cwd: job.workDir,
      niceness: job.cpu.niceness,
      signal: job.signal,
      env: job.env,
      onProgress: onSeconds,
    });

  let framesDone = 0;
  const report = (done: number) => job.onProgress?.(Math.min(99, Math.floor((done / frames) * 100)));
  for (const [index, segment] of plan.entries()) {
    const name = names[index] ?? '';
    const segmentFrames = segment.frames ?? frames - segment.startFrame;
    if (!(await job.store.has(name))) {
      const output = path.join(job.workDir, name);
      const args = segmentBurnArgs({
        input: job.source,
        output,
        assFile: job.assFile,
        fontsDir: job.fontsDir,
        fps,
        segment,
        threads: job.cpu.threadsPerJob,
      });
      await run(args, (seconds) => report(framesDone + Math.min(segmentFrames, seconds * fps)));
      await job.store.keep(name, output);
    }
    framesDone += segmentFrames;
    report(framesDone);
  }

  const output = path.join(job.workDir, 'hardcoded.mp4');
  await job.store.withLocalFiles(names, async (files) => {
    const listFile = path.join(job.workDir, 'segments.txt');
    await writeFile(listFile, segmentList(files));
    await run(
      joinSegmentsArgs({ listFile, source: job.source, output, copyAudio: job.probe.audio?.codec === 'aac' }),
    );
  });
  await job.store.keepOnly(names);
  return output;
}
