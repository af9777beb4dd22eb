import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';
import type { Logger } from '../logger';

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
let nativeLogRouted = false;

/** whisper.cpp prints its model and audio details to stderr; send them to the debug log instead. */
async function routeNativeLog(logger: Logger): Promise<void> {
  if (nativeLogRouted) return;
  nativeLogRouted = true;
  const binding = await import('@fugood/whisper.node');
  binding.addNativeLogListener((level, text) => logger.debug({ whisper: level }, text.trim()));
  await binding.toggleNativeLog(true);
}

async function loadSession(modelFile: string, logger: Logger): Promise<WhisperSession> {
  // Imported here so a server running Deepgram never loads the native library.
  const binding = await import('@fugood/whisper.node');
  await routeNativeLog(logger);
  const started = Date.now();
  const context = await binding.initWhisper({ filePath: modelFile });
  logger.info({ modelFile, ms: Date.now() - started }, 'whisper model loaded');
  return context;
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
