import { editorPreviewArgs } from './editor-preview-args';
import { type FfmpegRun, type RunTimeLimit, runFfmpeg, runTimeLimitMs } from './run-ffmpeg';

/**
 * The editor's preview copy of `input` written to `output` (`editorPreviewArgs`), within the time
 * limit the media's length allows.
 */
export function renderEditorPreview(
  ffmpeg: string,
  job: { input: string; output: string; threads: number; mediaSeconds: number; timeLimit: RunTimeLimit },
  options: Omit<FfmpegRun, 'timeLimitMs'>,
): Promise<void> {
  return runFfmpeg(ffmpeg, editorPreviewArgs(job), {
    ...options,
    timeLimitMs: runTimeLimitMs(job.timeLimit, job.mediaSeconds),
  });
}
