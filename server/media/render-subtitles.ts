import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputLanguage } from '../../shared/languages';
import { type Cue, cuesToAss } from '../../shared/subtitles';
import type { SubtitleStyle } from '../../shared/subtitles/subtitle-style';
import type { CpuShare } from '../cpu-share';
import { burnInArgs } from './burn-in-args';
import type { SubtitleFonts } from './fonts';
import type { VideoProbe } from './probe';
import { DEFAULT_RUN_TIME_LIMIT, runFfmpeg, runTimeLimitMs } from './run-ffmpeg';

export interface SubtitleRender {
  ffmpeg: string;
  source: string;
  probe: VideoProbe;
  cues: readonly Cue[];
  language: OutputLanguage;
  /** The video's look; the default style when absent. */
  style?: SubtitleStyle;
  fonts: SubtitleFonts;
  /** Parent of the job's working folder; the finished file is left at the returned path inside it. */
  tmpDir: string;
  /** This job's share of the machine (server/cpu-share.ts). */
  cpu: CpuShare;
  /** The length paid for: nothing past it is burned. */
  untilSeconds?: number;
  /** How long the one ffmpeg run may take (run-ffmpeg.ts); by default, the default limit for the video's length. */
  timeLimitMs?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/**
 * Burns cues into the source in one pass (the product burns by segments, one job each:
 * server/domains/burn-in/burn-in.ts; this whole-file burn is their reference in tests and the bench)
 * with libass (ASS with explicit line breaks, our fonts through
 * fontconfig so every script falls back to a face that has its glyphs). Answers the output file and
 * a function that removes the working folder.
 */
export async function renderSubtitles(
  job: SubtitleRender,
): Promise<{ output: string; cleanup: () => Promise<void> }> {
  const workDir = await mkdtemp(path.join(job.tmpDir, 'render-'));
  const cleanup = () => rm(workDir, { recursive: true, force: true });
  try {
    const { width, height, durationSeconds, audio } = job.probe;
    await writeFile(
      path.join(workDir, 'subtitles.ass'),
      cuesToAss(job.cues, { width, height, language: job.language, style: job.style }),
    );
    await symlink(job.fonts.fontsDir, path.join(workDir, 'fonts'));
    const env = { FONTCONFIG_FILE: job.fonts.fontconfigFile };
    const output = path.join(workDir, 'hardcoded.mp4');
    const args = burnInArgs({
      input: job.source,
      output,
      assFile: 'subtitles.ass',
      fontsDir: 'fonts',
      copyAudio: audio?.codec === 'aac',
      threads: job.cpu.threadsPerJob,
      untilSeconds: job.untilSeconds,
    });
    await runFfmpeg(job.ffmpeg, args, {
      cwd: workDir,
      niceness: job.cpu.niceness,
      signal: job.signal,
      timeLimitMs: job.timeLimitMs ?? runTimeLimitMs(DEFAULT_RUN_TIME_LIMIT, durationSeconds),
      env,
      onProgress: (seconds) =>
        job.onProgress?.(Math.min(99, Math.floor((seconds / Math.max(1, durationSeconds)) * 100))),
    });
    return { output, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
