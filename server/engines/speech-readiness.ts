import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PublicSpeechState } from '../../shared/schemas/videos';
import type { Logger } from '../logger';
import { modelFileName, modelsDir, type WhisperModelEntry } from './model-catalog';
import { type DownloadProgress, type ModelConfig, resolveWhisperModel } from './models';

/**
 * Whether generate mode can run now. `cause` is the technical reason, for the log and admins only;
 * customers are told in plain words (shared/schemas/videos.ts).
 */
export type SpeechState =
  | { state: 'ready' }
  | { state: 'preparing'; percent: number | null }
  | { state: 'unavailable'; cause: string; since: string };

/** The state without its technical cause: what customers' screens may show. */
export function publicSpeechState(speech: SpeechState): PublicSpeechState {
  return speech.state === 'unavailable' ? { state: 'unavailable' } : speech;
}

export interface SpeechReadiness {
  current(): SpeechState;
  /** Checks the engine and fetches a missing model, in the background; answers when settled. */
  prepare(): Promise<SpeechState>;
  stop(): void;
}

/** A cloud engine is ready as soon as it is configured: its key is checked by its first call. */
export function alwaysReady(): SpeechReadiness {
  return { current: () => ({ state: 'ready' }), prepare: async () => ({ state: 'ready' }), stop() {} };
}

/** How long to wait before trying a failed model download again: 30 s, doubling, at most 15 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 15 * 60_000);
}

const LOG_EVERY_PERCENT = 10;

/**
 * Local Whisper's readiness. A model file named by WHISPER_MODEL must exist (looked at on each
 * question, so a file put in place later is found at once). A catalog model is downloaded into
 * DATA_DIR/models in the background, with progress in the log, and tried again with backoff when
 * the download fails.
 */
export function whisperReadiness(
  config: ModelConfig,
  logger: Logger,
  options: { retryDelay?: (failures: number) => number; catalog?: readonly WhisperModelEntry[] } = {},
): SpeechReadiness {
  if (config.WHISPER_MODEL) return modelFileReadiness(config.WHISPER_MODEL);
  const target = path.join(modelsDir(config.dataDir), modelFileName(config.WHISPER_MODEL_NAME));
  let state: SpeechState = existsSync(target) ? { state: 'ready' } : { state: 'preparing', percent: null };
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let running: Promise<SpeechState> | null = null;
  let stopped = false;

  let lastLogged = -LOG_EVERY_PERCENT;
  const onProgress = (progress: DownloadProgress) => {
    const percent = progress.percent ?? null;
    state = { state: 'preparing', percent };
    if (percent === null || (percent < lastLogged + LOG_EVERY_PERCENT && percent < 100)) return;
    lastLogged = percent;
    logger.info({ model: config.WHISPER_MODEL_NAME, percent }, 'downloading whisper model');
  };

  async function fetchModel(): Promise<SpeechState> {
    try {
      await resolveWhisperModel(config, { onProgress, catalog: options.catalog });
      failures = 0;
      return { state: 'ready' };
    } catch (error) {
      failures += 1;
      const cause = error instanceof Error ? error.message : String(error);
      const retryMs = (options.retryDelay ?? retryDelayMs)(failures);
      logger.error(
        { cause, retryInSeconds: Math.round(retryMs / 1000) },
        'whisper model could not be fetched',
      );
      if (!stopped) {
        timer = setTimeout(() => void prepare(), retryMs);
        timer.unref();
      }
      return { state: 'unavailable', cause, since: new Date().toISOString() };
    }
  }

  function prepare(): Promise<SpeechState> {
    running ??= fetchModel().then((settled) => {
      running = null;
      if (settled.state !== state.state) logger.info({ speech: settled.state }, 'speech engine state');
      state = settled;
      return settled;
    });
    return running;
  }

  return {
    current: () => state,
    prepare,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function modelFileReadiness(file: string): SpeechReadiness {
  const since = new Date().toISOString();
  const current = (): SpeechState =>
    existsSync(path.resolve(file))
      ? { state: 'ready' }
      : { state: 'unavailable', cause: `WHISPER_MODEL=${file}: no such model file`, since };
  return { current, prepare: async () => current(), stop() {} };
}
