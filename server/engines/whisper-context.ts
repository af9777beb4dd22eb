import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import type { Logger } from '../logger';
import { EngineRefused } from './types';

/** The part of the binding's WhisperContext the local engine uses: the seam tests wrap to spy. */
export interface WhisperSession {
  transcribeData(
    audio: ArrayBuffer,
    options: TranscribeOptions,
  ): { stop: () => Promise<void>; promise: Promise<TranscribeResult> };
}

export type LoadWhisperModel = (modelFile: string, logger: Logger) => Promise<WhisperSession>;

/** One loaded model per file for the whole process: loading base takes seconds and ~200 MB. */
const sessions = new Map<string, Promise<WhisperSession>>();

/**
 * Loads a model quietly. Left alone, whisper.cpp prints ~30 lines to stderr per load; turning the
 * binding's log hook on for the load and off after silences them (the lines are not delivered).
 * The hook cannot stay on: it holds the event loop open, so the process would never exit.
 * Load failures still arrive as errors.
 */
async function loadSession(modelFile: string, logger: Logger): Promise<WhisperSession> {
  // Imported here so a server running Deepgram never loads the native library.
  const binding = await import('@fugood/whisper.node');
  await binding.toggleNativeLog(true);
  const started = Date.now();
  try {
    const context = await binding.initWhisper({ filePath: modelFile });
    logger.info({ modelFile, ms: Date.now() - started }, 'whisper model loaded');
    return context;
  } catch (error) {
    // A file that is not a ggml Whisper model (or a truncated one): retrying will not mend it.
    const reason = error instanceof Error ? error.message : String(error);
    throw new EngineRefused(`Cannot load the Whisper model ${modelFile}: ${reason}`);
  } finally {
    await binding.toggleNativeLog(false);
  }
}

/** Loads a model file once per process; a failed load is forgotten so the next job tries again. */
export const loadWhisperModel: LoadWhisperModel = (modelFile, logger) => {
  const cached = sessions.get(modelFile);
  if (cached) return cached;
  const loading = loadSession(modelFile, logger);
  sessions.set(modelFile, loading);
  loading.catch(() => sessions.delete(modelFile));
  return loading;
};
