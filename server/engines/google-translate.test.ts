import { afterEach, describe, expect, it } from 'vitest';
import { type FakeGoogleTranslate, startFakeGoogleTranslate } from '../../test/fakes/google-translate';
import { createGoogleTranslator } from './google-translate';
import { EngineRefused, EngineUnavailable } from './types';

const API_KEY = 'google-test-key-0001';
const QUICK_RETRIES = [5, 10];

let fake: FakeGoogleTranslate | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function translatorOnFake(
  options: Parameters<typeof startFakeGoogleTranslate>[0] = {},
  apiKey = API_KEY,
) {
  fake = await startFakeGoogleTranslate({ apiKey: API_KEY, ...options });
  return createGoogleTranslator({ apiKey, endpoint: fake.endpoint, retryDelaysMs: QUICK_RETRIES });
}

describe('Google translator', () => {
  it('answers one translation per cue, in order, with entities decoded', async () => {
    const translator = await translatorOnFake();
    const texts = [
      'And so my fellow Americans,',
      'ask not what your country can do for you, it\'s "yours" & mine',
    ];
    const translated = await translator.translate({ texts, from: 'en', to: 'de' });
    expect(translated).toEqual([`[de] ${texts[0]}`, `[de] ${texts[1]}`]);
    const [request] = fake?.requests ?? [];
    expect(request?.query.key).toBe(API_KEY);
    expect(fake?.batches).toEqual([texts]);
  });

  it('sends Google its code for Chinese and the source language', async () => {
    const translator = await translatorOnFake();
    await expect(translator.translate({ texts: ['Hello'], from: 'en', to: 'zh' })).resolves.toEqual([
      '[zh-CN] Hello',
    ]);
  });

  it('batches more than 128 cues and keeps them in order', async () => {
    const translator = await translatorOnFake();
    const texts = Array.from({ length: 300 }, (_, index) => `cue ${index}`);
    const translated = await translator.translate({ texts, from: 'en', to: 'fr' });
    expect(translated).toEqual(texts.map((text) => `[fr] ${text}`));
    expect(fake?.batches.map((batch) => batch.length)).toEqual([128, 128, 44]);
  });

  it('asks nothing for no cues', async () => {
    const translator = await translatorOnFake();
    await expect(translator.translate({ texts: [], from: 'en', to: 'de' })).resolves.toEqual([]);
    expect(fake?.requests).toHaveLength(0);
  });

  it('refuses an answer with a translation missing, never guessing which cue it was', async () => {
    const translator = await translatorOnFake({ dropOneTranslation: true });
    const error = await translator
      .translate({ texts: ['one', 'two', 'three'], from: 'en', to: 'de' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRefused);
    expect(String(error)).toMatch(/answered 2 translations for 3 cue texts/);
  });

  it('refuses a rejected key without retrying', async () => {
    const translator = await translatorOnFake({}, 'google-wrong-key-9');
    const error = await translator
      .translate({ texts: ['Hello'], from: 'en', to: 'de' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineRefused);
    expect(String(error)).toMatch(/Google Translate refused the request: HTTP 400: API key not valid/);
    expect(fake?.requests).toHaveLength(1);
  });

  it('retries server errors and rate limits, then succeeds', async () => {
    const translator = await translatorOnFake({
      failures: [
        { status: 503, times: 1 },
        { status: 429, times: 1 },
      ],
    });
    await expect(translator.translate({ texts: ['Hello'], from: 'en', to: 'de' })).resolves.toEqual([
      '[de] Hello',
    ]);
    expect(fake?.requests).toHaveLength(3);
  });

  it('gives up on a server that keeps failing with the reason', async () => {
    const translator = await translatorOnFake({ failures: [{ status: 500 }] });
    const error = await translator
      .translate({ texts: ['Hello'], from: 'en', to: 'de' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(String(error)).toMatch(
      /Google Translate is unavailable \(3 attempts\): HTTP 500: Scripted failure 500/,
    );
    expect(fake?.requests).toHaveLength(3);
  });

  it('keeps Google auth away from the cloud metadata server', async () => {
    await translatorOnFake();
    expect(process.env.METADATA_SERVER_DETECTION).toBe('none');
  });
});
