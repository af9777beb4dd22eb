import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LANGUAGE_CODES, OUTPUT_LANGUAGE_CODES } from '../../shared/languages';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { canReach, createEngines, reachableOutputs } from './index';

const logger = createLogger('silent');
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'engines-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const engines = (env: Record<string, string>) =>
  createEngines(loadConfig({ DATA_DIR: dataDir, ...env }), logger);

describe('engines chosen from the configuration', () => {
  it('runs local Whisper without keys, fetching no model at start-up', async () => {
    const local = engines({});
    expect(local.transcriber.name).toBe('whisper');
    expect(local.translator).toBeNull();
    expect(local.describe()).toBe(
      'speech: local Whisper, model base (downloaded into DATA_DIR/models on first use); translation: none (subtitles in the spoken language, or English through Whisper); condenser: rules only',
    );
    await expect(access(path.join(dataDir, 'models'))).rejects.toThrow();
    expect(reachableOutputs(local, 'fr')).toEqual(['en', 'fr']);
    expect(canReach(local, 'fr', 'de')).toBe(false);
  });

  it('runs Deepgram when its key is set: the spoken language only', () => {
    const cloud = engines({ DEEPGRAM_API_KEY: 'deepgram-key-1', DEEPGRAM_API_BASE: 'http://127.0.0.1:9' });
    expect(cloud.transcriber).toMatchObject({ name: 'deepgram', canTranslateToEnglish: false });
    expect(cloud.describe()).toMatch(
      /^speech: Deepgram nova-3 at http:\/\/127\.0\.0\.1:9; translation: none/,
    );
    expect(reachableOutputs(cloud, 'nl')).toEqual(['nl']);
  });

  it('adds Google Cloud Translation when its key is set: every pair', () => {
    const both = engines({ DEEPGRAM_API_KEY: 'deepgram-key-1', GOOGLE_TRANSLATE_API_KEY: 'google-key-1' });
    expect(both.translator?.name).toBe('google');
    expect(both.describe()).toMatch(/translation: Google Cloud Translation; condenser: rules only$/);
    expect(reachableOutputs(both, 'sv')).toEqual(OUTPUT_LANGUAGE_CODES);
    const localAndGoogle = engines({ GOOGLE_TRANSLATE_API_KEY: 'google-key-1' });
    expect(localAndGoogle.transcriber.name).toBe('whisper');
    expect(reachableOutputs(localAndGoogle, 'it')).toEqual(OUTPUT_LANGUAGE_CODES);
  });

  it('translates every pair through the language model when it is configured and Google is not', async () => {
    const llm = engines({ LLM_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'qwen2.5:7b' });
    expect(llm.translator?.name).toBe('llm');
    expect(llm.languageModel?.model).toBe('qwen2.5:7b');
    expect(llm.describe()).toMatch(
      /translation: language model qwen2\.5:7b; condenser: language model qwen2\.5:7b$/,
    );
    for (const input of INPUT_LANGUAGE_CODES)
      expect(reachableOutputs(llm, input)).toEqual(OUTPUT_LANGUAGE_CODES);
    // Nothing answers on port 9: admins see why.
    const state = await llm.languageModelHealth.refresh();
    expect(state).toMatchObject({ state: 'unavailable', model: 'qwen2.5:7b' });
    expect(engines({}).languageModelHealth.current()).toEqual({ state: 'off' });
  });

  it('prefers Google when both are set, unless TRANSLATION_ENGINE says llm', () => {
    const llm = {
      LLM_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'm',
      GOOGLE_TRANSLATE_API_KEY: 'google-key-1',
    };
    const both = engines(llm);
    expect(both.translator?.name).toBe('google');
    expect(both.languageModel?.model).toBe('m');
    expect(engines({ ...llm, TRANSLATION_ENGINE: 'llm' }).translator?.name).toBe('llm');
  });

  it('names the model file when WHISPER_MODEL is set', () => {
    expect(engines({ WHISPER_MODEL: '/models/ggml-small.bin' }).describe()).toMatch(
      /^speech: local Whisper, model file \/models\/ggml-small\.bin;/,
    );
  });
});
