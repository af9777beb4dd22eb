import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import { JOB_NICENESS } from '../cpu-share';
import type { Logger } from '../logger';
import { EngineRefused } from './types';
import { ModelUnloadable, startWhisperProcess, type WhisperProcess } from './whisper-process';

/** The part of the binding's WhisperContext the local engine uses: the seam tests wrap to spy. */
export interface WhisperSession {
  transcribeData(
    audio: ArrayBuffer,
    options: TranscribeOptions,
  ): { stop: () => Promise<void>; promise: Promise<TranscribeResult> };
}

export type LoadWhisperModel = (modelFile: string, logger: Logger) => Promise<WhisperSession>;

/** An idle Whisper process (and the memory of its model) is kept this long for the next window. */
const IDLE_MS = 5 * 60_000;

/** One pool of Whisper processes per model file for the whole process. */
const sessions = new Map<string, Promise<WhisperSession>>();

/**
 * whisper.cpp runs in Whisper processes (whisper-process.ts), one per window being transcribed at
 * once, each with its own copy of the model; a finished one waits for the next window. Not in this
 * process, because @fugood/whisper.node 1.1 loads a model on the calling thread (seconds of a
 * frozen server for a real model), runs each transcription for minutes on one of libuv's four
 * threads (which file access needs too), freezes the event loop for good when two transcriptions
 * share a context (the first to finish takes the context's lock on the main thread while the other
 * holds it, waiting for the main thread to take its progress), and cannot stop a run: a process
 * can be killed.
 */
async function openPool(modelFile: string, logger: Logger): Promise<WhisperSession> {
  const idle = new Map<WhisperProcess, NodeJS.Timeout>();

  async function start(): Promise<WhisperProcess> {
    const started = Date.now();
    const whisper = startWhisperProcess(modelFile, JOB_NICENESS);
    void whisper.ended.then(() => {
      clearTimeout(idle.get(whisper));
      idle.delete(whisper);
    });
    try {
      await whisper.ready;
    } catch (error) {
      whisper.kill();
      if (!(error instanceof ModelUnloadable)) throw error;
      // Retrying will not mend a file that is not a ggml Whisper model (or a truncated one).
      throw new EngineRefused(`Cannot load the Whisper model ${modelFile}: ${error.message}`);
    }
    logger.info({ modelFile, ms: Date.now() - started }, 'whisper model loaded');
    return whisper;
  }

  function release(whisper: WhisperProcess) {
    whisper.hold(false);
    const timer = setTimeout(() => whisper.kill(), IDLE_MS);
    timer.unref();
    idle.set(whisper, timer);
  }

  async function acquire(): Promise<WhisperProcess> {
    const [waiting] = idle.keys();
    if (waiting) {
      clearTimeout(idle.get(waiting));
      idle.delete(waiting);
    }
    const whisper = waiting ?? (await start());
    whisper.hold(true);
    return whisper;
  }

  // The first load tells at once whether the file is a model at all.
  release(await start());
  return {
    transcribeData(audio, options) {
      let stopped = false;
      let running: WhisperProcess | undefined;
      const promise = acquire().then(async (whisper) => {
        running = whisper;
        if (stopped) {
          whisper.kill();
          throw new Error('The window was stopped before it started');
        }
        const result = await whisper.transcribe(audio, options);
        release(whisper);
        return result;
      });
      const stop = async () => {
        stopped = true;
        running?.kill();
      };
      return { stop, promise };
    },
  };
}

/** Loads a model file once per process; a failed load is forgotten so the next job tries again. */
export const loadWhisperModel: LoadWhisperModel = (modelFile, logger) => {
  const cached = sessions.get(modelFile);
  if (cached) return cached;
  const loading = openPool(modelFile, logger);
  sessions.set(modelFile, loading);
  loading.catch(() => sessions.delete(modelFile));
  return loading;
};
