import { extractAudioArgs } from './extract-audio-args';
import { type FfmpegRun, type RunTimeLimit, runFfmpeg, runTimeLimitMs } from './run-ffmpeg';

/**
 * The audio of `input` as 16 kHz mono WAV in `output`, streamed by ffmpeg (never held in memory), up
 * to `untilSeconds` (the paid length), within the time limit that length allows.
 */
export function extractAudioWav(
  ffmpeg: string,
  job: { input: string; output: string; untilSeconds: number; timeLimit: RunTimeLimit },
  options: Omit<FfmpegRun, 'timeLimitMs'>,
): Promise<void> {
  return runFfmpeg(ffmpeg, extractAudioArgs(job.input, job.output, job.untilSeconds), {
    ...options,
    timeLimitMs: runTimeLimitMs(job.timeLimit, job.untilSeconds),
  });
}
