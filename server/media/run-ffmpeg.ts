import { spawn } from 'node:child_process';
import { lowerPriority } from '../cpu-share';

export interface FfmpegRun {
  /** Seconds of output written so far, from `-progress pipe:1`. */
  onProgress?: (seconds: number) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Runs ffmpeg at this `nice` value (server/cpu-share.ts); 0 or absent keeps the caller's. */
  niceness?: number;
  /** Takes ffmpeg's standard output as raw bytes (output written to `pipe:1`) instead of progress. */
  onOutput?: (chunk: Buffer) => void;
}

/** Parses ffmpeg's `-progress` key=value blocks into seconds of output written. */
export function progressSeconds(chunk: string): number | null {
  let seconds: number | null = null;
  for (const line of chunk.split('\n')) {
    const match = line.match(/^out_time_(?:us|ms)=(\d+)/);
    if (match?.[1]) seconds = Number(match[1]) / 1_000_000;
  }
  return seconds;
}

export class FfmpegFailed extends Error {}

/** Runs ffmpeg with the given arguments (never through a shell); rejects with the tail of its log. */
export function runFfmpeg(ffmpeg: string, args: string[], options: FfmpegRun = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (options.niceness && child.pid !== undefined) lowerPriority(child.pid, options.niceness);
    let log = '';
    const { onOutput } = options;
    if (onOutput) child.stdout.on('data', onOutput);
    else
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const seconds = progressSeconds(chunk);
        if (seconds !== null) options.onProgress?.(seconds);
      });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      log = (log + chunk).slice(-4000);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve();
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      const tail = log.trim().split('\n').slice(-3).join(' | ') || 'no output';
      reject(new FfmpegFailed(`ffmpeg ${how}: ${tail}`));
    });
  });
}
