import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

const probeOutput = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        start_time: z.string().optional(),
        duration: z.string().optional(),
      }),
    )
    .default([]),
});

export interface VideoProbe {
  /** An MP4/MOV family container with at least one video stream. */
  isMp4: boolean;
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second of the video stream (29.97 as 29.97); 0 when ffprobe does not say. */
  fps: number;
  audio: { codec: string; startSeconds: number } | null;
}

export function probeArgs(file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
}

/** ffprobe's `30000/1001` or `25/1` as a number, to 3 decimals; 0 for `0/0` or nothing. */
export function frameRate(...rates: (string | undefined)[]): number {
  for (const rate of rates) {
    const [numerator, denominator = '1'] = (rate ?? '').split('/');
    const fps = Number(numerator) / Number(denominator);
    if (Number.isFinite(fps) && fps > 0) return Math.round(fps * 1000) / 1000;
  }
  return 0;
}

export function readProbe(json: unknown): VideoProbe {
  const parsed = probeOutput.parse(json);
  const video = parsed.streams.find(
    (stream) => stream.codec_type === 'video' && stream.codec_name !== 'mjpeg',
  );
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  const formats = (parsed.format?.format_name ?? '').split(',');
  const duration = Number(parsed.format?.duration ?? video?.duration ?? 0);
  return {
    isMp4: Boolean(video) && formats.includes('mp4') && formats.includes('mov'),
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    fps: frameRate(video?.avg_frame_rate, video?.r_frame_rate),
    audio: audio
      ? { codec: audio.codec_name ?? 'unknown', startSeconds: Number(audio.start_time ?? 0) || 0 }
      : null,
  };
}

/** ffprobe's view of a file; a file ffprobe cannot read is "not an MP4", never an exception. */
export async function probeVideo(ffprobe: string, file: string): Promise<VideoProbe> {
  try {
    const { stdout } = await run(ffprobe, probeArgs(file), { maxBuffer: 10 * 1024 * 1024 });
    return readProbe(JSON.parse(stdout));
  } catch {
    return { isMp4: false, durationSeconds: 0, width: 0, height: 0, fps: 0, audio: null };
  }
}
