import type { Config } from '../config';
import { type CpuShare, cpuShare } from '../cpu-share';
import type { Logger } from '../logger';
import type { Engines } from './engines';
import { lazyTranscriber, lazyTranslator } from './lazy';
import { createLanguageModel, languageModelHealth, languageModelOff } from './llm';
import { type DownloadProgress, resolveWhisperModel } from './models';
import { alwaysReady, whisperReadiness } from './speech-readiness';
import type { LanguageModel, Transcriber, Translator } from './types';
import { createWhisperTranscriber } from './whisper-local';

export type { Engines } from './engines';
export type { LanguageModelState } from './llm';
export { canReach, reachableOutputs } from './reachability';
export { publicSpeechState, type SpeechReadiness, type SpeechState } from './speech-readiness';
export type { LanguageModel, Transcriber, Translator } from './types';
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

function createModel(config: Config): LanguageModel | null {
  if (!config.LLM_URL || !config.LLM_MODEL) return null;
  return createLanguageModel({
    url: config.LLM_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    limits: { concurrency: config.LLM_CONCURRENCY },
  });
}

/** Google when its key is set (unless TRANSLATION_ENGINE=llm), else the language model, else none. */
function createTranslator(config: Config, model: LanguageModel | null): Translator | null {
  const apiKey = config.GOOGLE_TRANSLATE_API_KEY;
  if (model && (!apiKey || config.TRANSLATION_ENGINE === 'llm')) return model;
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

function describeTranslator(config: Config, translator: Translator | null): string {
  if (translator?.name === 'llm') return `translation: language model ${config.LLM_MODEL}`;
  if (translator) return 'translation: Google Cloud Translation';
  if (config.DEEPGRAM_API_KEY) return 'translation: none (subtitles only in the spoken language)';
  return 'translation: none (subtitles in the spoken language, or English through Whisper)';
}

/**
 * The engines the configuration asks for: Deepgram when DEEPGRAM_API_KEY is set, else local Whisper
 * (its model is fetched in the background once `speech.prepare()` is called, or at the latest by
 * the first transcription); Google Cloud
 * Translation when GOOGLE_TRANSLATE_API_KEY is set, else the language model of LLM_URL, which also
 * condenses cues to a plan's cap. SDKs load on the first call, not here.
 */
export function createEngines(config: Config, logger: Logger, cpu: CpuShare = cpuShare(1)): Engines {
  const transcriber = createTranscriber(config, logger, cpu);
  const languageModel = createModel(config);
  const translator = createTranslator(config, languageModel);
  return {
    transcriber,
    // Started by the server (prepareEngines), so that a missing model is fetched before a customer waits.
    speech: config.DEEPGRAM_API_KEY ? alwaysReady() : whisperReadiness(config, logger),
    translator,
    languageModel,
    languageModelHealth: languageModel
      ? languageModelHealth(languageModel.model, () => languageModel.check(), logger)
      : languageModelOff,
    describe: () =>
      `${describeTranscriber(config)}; ${describeTranslator(config, translator)}; condenser: ${languageModel ? `language model ${config.LLM_MODEL}` : 'rules only'}`,
  };
}
