import { spawn } from 'node:child_process';
import path from 'node:path';
import { lowerPriority } from '../cpu-share';
import { childEnded, childStarted } from './child-processes';

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
  /** Milliseconds the run may take; then it is killed and fails with FfmpegTimedOut (`runTimeLimitMs`). */
  timeLimitMs: number;
}

/**
 * How long one ffmpeg or ffprobe run may take: a floor (start-up, short media, a probe) plus a
 * multiple of the length of the media it handles. A run past it is stuck (a subtitle file libass
 * chokes on, a hostile input) and is stopped, so it never holds a worker slot for good.
 */
export interface RunTimeLimit {
  floorSeconds: number;
  perMediaSecond: number;
}

export const DEFAULT_RUN_TIME_LIMIT: RunTimeLimit = { floorSeconds: 120, perMediaSecond: 10 };

export function runTimeLimitMs(limit: RunTimeLimit, mediaSeconds: number): number {
  return Math.round((limit.floorSeconds + limit.perMediaSecond * Math.max(0, mediaSeconds)) * 1000);
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

/** A run stopped at its time limit: retrying would only hold a slot as long again. */
export class FfmpegTimedOut extends FfmpegFailed {}

/**
 * Runs ffmpeg (or ffprobe) with the given arguments (never through a shell) in a process group of
 * its own, killed whole when the run ends, is aborted, passes its time limit or this process exits
 * (child-processes.ts); rejects with the tail of its log.
 */
export function runFfmpeg(ffmpeg: string, args: string[], options: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const { pid } = child;
    if (pid !== undefined) childStarted(pid);
    if (options.niceness && pid !== undefined) lowerPriority(pid, options.niceness);
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
    const kill = () => (pid === undefined ? child.kill('SIGKILL') : childEnded(pid));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeLimitMs);
    if (options.signal?.aborted) kill();
    options.signal?.addEventListener('abort', kill, { once: true });
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (pid !== undefined) childEnded(pid);
    };
    child.on('error', (error) => {
      finish();
      reject(error);
    });
    child.on('close', (code, signal) => {
      finish();
      const tail = log.trim().split('\n').slice(-3).join(' | ') || 'no output';
      const name = path.basename(ffmpeg).includes('ffprobe') ? 'ffprobe' : 'ffmpeg';
      if (timedOut)
        return reject(
          new FfmpegTimedOut(
            `${name} ran past its time limit of ${Math.round(options.timeLimitMs / 1000)} s and was stopped: ${tail}`,
          ),
        );
      if (code === 0) return resolve();
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      reject(new FfmpegFailed(`${name} ${how}: ${tail}`));
    });
  });
}
