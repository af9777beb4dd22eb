import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import { lowerPriority } from '../cpu-share';
import { EngineUnavailable } from './types';
import type { ChildMessage, WindowRequest } from './whisper-child';

const here = fileURLToPath(import.meta.url);
/** Beside this module: whisper-child.ts in the sources (run through tsx), whisper-child.js in the bundle. */
const CHILD_SCRIPT = path.join(path.dirname(here), `whisper-child${path.extname(here)}`);
const CHILD_ARGV = path.extname(here) === '.ts' ? ['--import', 'tsx'] : [];

/** The model file was refused by whisper.cpp (not a ggml Whisper model, or truncated). */
export class ModelUnloadable extends Error {}

/** whisper.cpp with one loaded model, in a process of its own that runs one window at a time. */
export interface WhisperProcess {
  readonly pid: number | undefined;
  /** Settles once the model is loaded; rejects with ModelUnloadable or the reason the process ended. */
  readonly ready: Promise<void>;
  /** Settles when the process has ended. */
  readonly ended: Promise<void>;
  transcribe(audio: ArrayBuffer, options: TranscribeOptions): Promise<TranscribeResult>;
  /** While busy it keeps this process alive; idle, it lets it exit. */
  hold(busy: boolean): void;
  /** Ends it at once, a run and all (whisper.cpp cannot be interrupted otherwise). */
  kill(): void;
}

/** Every process started here, killed when this process exits however it exits normally. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

interface Pending {
  resolve: (result: TranscribeResult) => void;
  reject: (error: Error) => void;
  onProgress?: (percent: number) => void;
}

export function startWhisperProcess(modelFile: string, niceness: number): WhisperProcess {
  const child = fork(CHILD_SCRIPT, [modelFile], {
    execArgv: CHILD_ARGV,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  live.add(child);
  // Below the server, like the ffmpeg a job starts: pages stay quick while Whisper computes.
  if (child.pid !== undefined) lowerPriority(child.pid, niceness);
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });

  let pending: Pending | null = null;
  let settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // A process that ends before it loaded answers with that; nobody else may await `ready`.
  ready.catch(() => {});

  const ended = new Promise<void>((resolve) => {
    let done = false;
    const end = (how: string) => {
      if (done) return;
      done = true;
      live.delete(child);
      const tail = log.trim().split('\n').slice(-3).join(' | ');
      const error = new EngineUnavailable(`The Whisper process ${how}${tail ? `: ${tail}` : ''}`);
      settleReady?.reject(error);
      pending?.reject(error);
      pending = null;
      resolve();
    };
    child.once('error', (error) => end(`could not run (${error.message})`));
    child.once('exit', (code, signal) => end(signal ? `was killed by ${signal}` : `exited with ${code}`));
  });

  child.on('message', (message: ChildMessage) => {
    if (message.type === 'ready') settleReady?.resolve();
    else if (message.type === 'unloadable') settleReady?.reject(new ModelUnloadable(message.reason));
    else if (message.type === 'progress') pending?.onProgress?.(message.percent);
    else {
      const answered = pending;
      pending = null;
      if (message.type === 'result') answered?.resolve(message.result);
      else answered?.reject(new EngineUnavailable(`whisper.cpp failed: ${message.reason}`));
    }
  });

  const handles = [child, child.channel, child.stderr as Socket | null];
  return {
    pid: child.pid,
    ready,
    ended,
    transcribe(audio, options) {
      if (pending) return Promise.reject(new Error('A Whisper process runs one window at a time'));
      const { onProgress, onNewSegments: _unused, ...plain } = options;
      return new Promise<TranscribeResult>((resolve, reject) => {
        pending = { resolve, reject, onProgress };
        const request: WindowRequest = { audio: new Uint8Array(audio), options: plain };
        child.send(request, (error) => {
          if (error && pending?.resolve === resolve) {
            pending = null;
            reject(new EngineUnavailable(`The Whisper process could not be reached: ${error.message}`));
          }
        });
      });
    },
    hold(busy) {
      for (const handle of handles) {
        if (busy) handle?.ref();
        else handle?.unref();
      }
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
