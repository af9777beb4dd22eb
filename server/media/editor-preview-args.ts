import { EVEN_FRAME } from './burn-in-args';
import { sourceInputArgs } from './remote-input';

/**
 * A copy of a source any browser plays, for the editor when it cannot play the source itself (HEVC
 * outside Safari, say): H.264 and AAC in an MP4 that plays while it loads, at most 720 lines (the
 * editor shows it small), every frame where the source has it so the cues' timing holds.
 */
export function editorPreviewArgs(job: { input: string; output: string; threads: number }): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-y'],
    ...sourceInputArgs(job.input),
    ...['-i', job.input, '-map', '0:v:0', '-map', '0:a:0?'],
    ...['-vf', `scale=-2:'min(720,ih)',${EVEN_FRAME}`, '-fps_mode', 'passthrough'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...['-threads', String(job.threads), '-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', '-nostats', job.output],
  ];
}
