import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CpuShare } from '../cpu-share';
import type { SubtitleFonts } from './fonts';
import { type FfmpegRun, runFfmpeg } from './run-ffmpeg';
import {
  joinedAudioFileArgs,
  joinSegmentsArgs,
  type SegmentPlan,
  segmentBurnArgs,
  segmentList,
} from './segmented-burn';

/** A file made in a working folder of its own, and the function that removes that folder. */
export interface MadeFile {
  output: string;
  cleanup: () => Promise<void>;
}

interface FfmpegJob {
  ffmpeg: string;
  /** Parent of the job's working folder. */
  tmpDir: string;
  cpu: CpuShare;
  signal?: AbortSignal;
  /** The length paid for (paid-length.ts): nothing past it is burned or joined. */
  untilSeconds: number;
  /** How long the one ffmpeg run may take (run-ffmpeg.ts). */
  timeLimitMs: number;
}

/** The job's one ffmpeg run, in its working folder. */
function runJob(job: FfmpegJob, args: string[], cwd: string, more: Partial<FfmpegRun> = {}) {
  return runFfmpeg(job.ffmpeg, args, {
    cwd,
    niceness: job.cpu.niceness,
    signal: job.signal,
    timeLimitMs: job.timeLimitMs,
    ...more,
  });
}

export interface SegmentFileJob extends FfmpegJob {
  /** The source video: its path on disk, or a link to it in the store that ffmpeg reads by ranges. */
  source: string;
  /** The whole video's ASS script: libass needs the cues around the segment too. */
  ass: string;
  fonts: SubtitleFonts;
  fps: number;
  segment: SegmentPlan;
  onProgress?: (seconds: number) => void;
}

async function inWorkDir(tmpDir: string, prefix: string, make: (workDir: string) => Promise<string>) {
  const workDir = await mkdtemp(path.join(tmpDir, prefix));
  const cleanup = () => rm(workDir, { recursive: true, force: true });
  try {
    return { output: await make(workDir), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Burns one segment of the plan (server/media/segmented-burn.ts) into an MPEG-TS file: what a
 * segment job of any worker runs, whatever the other segments are doing.
 */
export function burnSegmentFile(job: SegmentFileJob): Promise<MadeFile> {
  return inWorkDir(job.tmpDir, 'segment-', async (workDir) => {
    await writeFile(path.join(workDir, 'subtitles.ass'), job.ass);
    await symlink(job.fonts.fontsDir, path.join(workDir, 'fonts'));
    const output = path.join(workDir, `segment-${job.segment.index}.ts`);
    const args = segmentBurnArgs({
      input: job.source,
      output,
      assFile: 'subtitles.ass',
      fontsDir: 'fonts',
      fps: job.fps,
      segment: job.segment,
      threads: job.cpu.threadsPerJob,
      untilSeconds: job.untilSeconds,
    });
    await runJob(job, args, workDir, {
      env: { FONTCONFIG_FILE: job.fonts.fontconfigFile },
      onProgress: job.onProgress,
    });
    return output;
  });
}

export interface JoinFilesJob extends FfmpegJob {
  /** Where the audio comes from: the source video (a path, or a link into the store), or its audio alone (joined-audio.ts). */
  source: string;
  /** The burned segments, in order. */
  segments: readonly string[];
  copyAudio: boolean;
}

/** The burned segments joined without re-encoding, with the source's audio, as an MP4. */
export function joinSegmentFiles(job: JoinFilesJob): Promise<MadeFile> {
  return inWorkDir(job.tmpDir, 'join-', async (workDir) => {
    const listFile = path.join(workDir, 'segments.txt');
    await writeFile(listFile, segmentList(job.segments));
    const output = path.join(workDir, 'hardcoded.mp4');
    const args = joinSegmentsArgs({
      listFile,
      source: job.source,
      output,
      copyAudio: job.copyAudio,
      untilSeconds: job.untilSeconds,
    });
    await runJob(job, args, workDir);
    return output;
  });
}

/** The source's audio as a join gives it to the burned video, alone in an M4A (segmented-burn.ts). */
export function joinedAudioFile(job: FfmpegJob & { source: string; copyAudio: boolean }): Promise<MadeFile> {
  return inWorkDir(job.tmpDir, 'audio-', async (workDir) => {
    const output = path.join(workDir, 'audio.m4a');
    const args = joinedAudioFileArgs({
      source: job.source,
      output,
      copyAudio: job.copyAudio,
      untilSeconds: job.untilSeconds,
    });
    await runJob(job, args, workDir);
    return output;
  });
}
