import type { Config } from '../config';
import { type CpuShare, cpuShare } from '../cpu-share';
import type { Logger } from '../logger';
import { createChatCondenser } from './chat-condenser';
import { lazyTranscriber, lazyTranslator } from './lazy';
import { type DownloadProgress, resolveWhisperModel } from './models';
import { alwaysReady, whisperReadiness } from './speech-readiness';
import type { Engines, Transcriber, Translator } from './types';
import { createWhisperTranscriber } from './whisper-local';

export { canReach, reachableOutputs } from './reachability';
export { publicSpeechState, type SpeechReadiness, type SpeechState } from './speech-readiness';
export type { Engines, Transcriber, Translator } from './types';
export { EngineRefused, EngineUnavailable } from './types';

/** Logs a model download every 10 %: the first job on a fresh machine waits for it. */
function downloadLogger(logger: Logger, model: string) {
  let lastLogged = -10;
  return (progress: DownloadProgress) => {
    const percent = progress.percent ?? 0;
    if (percent < lastLogged + 10 && percent < 100) return;
    lastLogged = percent;
    logger.info({ model, percent, receivedBytes: progress.receivedBytes }, 'downloading whisper model');
  };
}

function createTranscriber(config: Config, logger: Logger, cpu: CpuShare): Transcriber {
  const apiKey = config.DEEPGRAM_API_KEY;
  if (apiKey) {
    return lazyTranscriber({ name: 'deepgram', canTranslateToEnglish: false }, async () => {
      const { createDeepgramTranscriber } = await import('./deepgram');
      return createDeepgramTranscriber({ apiKey, baseUrl: config.DEEPGRAM_API_BASE });
    });
  }
  const model = config.WHISPER_MODEL_NAME;
  return createWhisperTranscriber({
    logger,
    threads: cpu.threadsPerJob,
    modelFile: () =>
      resolveWhisperModel(config, {
        onProgress: downloadLogger(logger, model),
        onDiscard: (file, reason) =>
          logger.warn({ file, reason }, 'whisper model failed its checksum; fetching again'),
      }),
  });
}

function createTranslator(config: Config): Translator | null {
  const apiKey = config.GOOGLE_TRANSLATE_API_KEY;
  if (!apiKey) return null;
  return lazyTranslator('google', async () => {
    const { createGoogleTranslator } = await import('./google-translate');
    return createGoogleTranslator({ apiKey, endpoint: config.GOOGLE_TRANSLATE_ENDPOINT });
  });
}

function describeTranscriber(config: Config): string {
  if (config.DEEPGRAM_API_KEY)
    return `speech: Deepgram nova-3${config.DEEPGRAM_API_BASE ? ` at ${config.DEEPGRAM_API_BASE}` : ''}`;
  if (config.WHISPER_MODEL) return `speech: local Whisper, model file ${config.WHISPER_MODEL}`;
  return `speech: local Whisper, model ${config.WHISPER_MODEL_NAME} (downloaded into DATA_DIR/models on first use)`;
}

function describeTranslator(config: Config): string {
  if (config.GOOGLE_TRANSLATE_API_KEY) return 'translation: Google Cloud Translation';
  if (config.DEEPGRAM_API_KEY) return 'translation: none (subtitles only in the spoken language)';
  return 'translation: none (subtitles in the spoken language, or English through Whisper)';
}

/**
 * The engines the configuration asks for: Deepgram when DEEPGRAM_API_KEY is set, else local Whisper
 * (its model is fetched in the background once `speech.prepare()` is called, or at the latest by
 * the first transcription); Google Cloud
 * Translation when GOOGLE_TRANSLATE_API_KEY is set. SDKs load on the first call, not here.
 */
export function createEngines(config: Config, logger: Logger, cpu: CpuShare = cpuShare(1)): Engines {
  const transcriber = createTranscriber(config, logger, cpu);
  const translator = createTranslator(config);
  const condenser =
    config.CONDENSER_URL && config.CONDENSER_MODEL
      ? createChatCondenser({
          url: config.CONDENSER_URL,
          model: config.CONDENSER_MODEL,
          apiKey: config.CONDENSER_API_KEY,
        })
      : null;
  return {
    transcriber,
    // Started by the server (prepareEngines), so that a missing model is fetched before a customer waits.
    speech: config.DEEPGRAM_API_KEY ? alwaysReady() : whisperReadiness(config, logger),
    translator,
    condenser,
    describe: () =>
      `${describeTranscriber(config)}; ${describeTranslator(config)}; condenser: ${condenser ? config.CONDENSER_MODEL : 'off'}`,
  };
}
