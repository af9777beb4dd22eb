import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { INPUT_LANGUAGE_CODES, OUTPUT_LANGUAGE_CODES } from '../../../shared/languages';
import { inLanguageScript } from '../../../shared/subtitles';
import { startFakeChatCompletions } from '../../../test/fakes/chat-completions';
import { LanguageModelRefused, LanguageModelUnavailable } from '../types';
import { createLanguageModel } from './index';

const fake = await startFakeChatCompletions({ apiKey: 'llm-test-key' });
afterAll(() => fake.close());
beforeEach(() => {
  fake.script = [];
  fake.behaviour = 'good';
  fake.bodies.length = 0;
});

const model = (limits = { size: 4, concurrency: 2 }) =>
  createLanguageModel({
    url: fake.baseUrl,
    model: 'fake-model',
    apiKey: 'llm-test-key',
    limits,
    retryDelaysMs: [1, 1],
  });

const texts = [
  'Sales went up by 12 percent.',
  'Maria did a fantastic job.',
  'The costs are higher as well.',
  'We expect more growth next year.',
  'Thank you all for coming today.',
  'Questions are welcome now.',
];

function cueIdsOf(body: (typeof fake.bodies)[number]): number[] {
  const document = JSON.parse(body.messages.at(-1)?.content ?? '{}') as { cues: { id: number }[] };
  return document.cues.map((cue) => cue.id);
}

describe('translation through the language model', () => {
  it('translates every input language into every output language, in the right script', async () => {
    const llm = model({ size: 12, concurrency: 4 });
    for (const from of INPUT_LANGUAGE_CODES) {
      for (const to of OUTPUT_LANGUAGE_CODES) {
        if (from === to) continue;
        const translated = await llm.translate({ texts: texts.slice(0, 2), from, to });
        expect(translated).toHaveLength(2);
        for (const [index, text] of translated.entries()) {
          expect(text, `${from}→${to}`).not.toBe(texts[index]);
          expect(inLanguageScript(text, to), `${from}→${to}: ${text}`).toBe(true);
          expect(text).toMatch(index === 0 ? /12/ : /./);
        }
      }
    }
  });

  it('sends batches with their neighbours as context, the key, JSON mode, and reports progress per batch', async () => {
    const progress: number[] = [];
    const translated = await model().translate({
      texts,
      from: 'en',
      to: 'ja',
      onProgress: (percent) => progress.push(percent),
    });
    expect(translated).toHaveLength(texts.length);
    expect(fake.bodies.map(cueIdsOf)).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    const second = JSON.parse(fake.bodies[1]?.messages.at(-1)?.content ?? '{}');
    expect(second.before).toEqual(texts.slice(1, 4));
    expect(fake.bodies[0]?.response_format).toEqual({ type: 'json_object' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer llm-test-key');
    expect(progress).toEqual([50, 100]);
  });

  it.each(['malformed', 'short', 'long', 'wrong-count', 'wrong-script', 'echo', 'empty'] as const)(
    'asks again, smaller, after a %s answer, and keeps every cue in its place',
    async (behaviour) => {
      fake.script = [behaviour];
      const translated = await model().translate({ texts: texts.slice(0, 4), from: 'en', to: 'ru' });
      expect(translated).toHaveLength(4);
      translated.forEach((text, index) => {
        expect(inLanguageScript(text, 'ru'), text).toBe(true);
        expect(text).not.toBe(texts[index]);
      });
      // The cue of the first text keeps its number: it was not swapped with a neighbour's answer.
      expect(translated[0]).toMatch(/12/);
      const retried = fake.bodies.slice(1).map(cueIdsOf);
      expect(retried.length).toBeGreaterThan(0);
      for (const ids of retried) expect(ids.length).toBeLessThanOrEqual(2);
    },
  );

  it('translates a cue alone when its batch keeps failing for it', async () => {
    // First batch loses its last entry, the retry (cue 4 in a smaller batch) too: cue 4 goes alone.
    fake.script = ['short', 'short'];
    const translated = await model().translate({ texts: texts.slice(0, 4), from: 'en', to: 'de' });
    expect(translated[3]).toMatch(/^de: /);
    const sizes = fake.bodies.map(cueIdsOf);
    expect(sizes).toEqual([[1, 2, 3, 4], [4], [4]]);
    const alone = JSON.parse(fake.bodies[2]?.messages.at(-1)?.content ?? '{}');
    expect(alone.cues[0].problem).toBe('the answer has no entry for this cue');
  });

  it('fails with the cue and the reason when a cue cannot be translated, never a shorter list', async () => {
    fake.behaviour = 'echo';
    const failure = model().translate({ texts: texts.slice(0, 2), from: 'en', to: 'nl' });
    await expect(failure).rejects.toThrow(LanguageModelRefused);
    await expect(failure).rejects.toThrow(
      /could not translate cue \d into nl: the translation is the source text/,
    );
  });

  it.each(['fenced', 'chatty'] as const)('reads a %s answer in one request', async (behaviour) => {
    fake.behaviour = behaviour;
    const translated = await model().translate({ texts: texts.slice(0, 2), from: 'en', to: 'ru' });
    expect(translated.every((text) => inLanguageScript(text, 'ru'))).toBe(true);
    expect(translated[0]).toMatch(/12/);
    expect(fake.bodies).toHaveLength(1);
  });

  it('asks again after an answer cut off in the middle of its JSON', async () => {
    fake.script = ['truncated'];
    const translated = await model().translate({ texts: texts.slice(0, 4), from: 'en', to: 'ko' });
    expect(translated.every((text) => inLanguageScript(text, 'ko'))).toBe(true);
    const retried = fake.bodies.slice(1).map(cueIdsOf);
    expect(retried.flat().sort()).toEqual([1, 2, 3, 4]);
    const again = JSON.parse(fake.bodies[1]?.messages.at(-1)?.content ?? '{}');
    expect(again.cues[0].problem).toBe('the answer is not JSON');
  });

  it('waits the Retry-After of a 429 before asking again', async () => {
    fake.script = ['rate-limited'];
    const started = performance.now();
    const translated = await model().translate({ texts: texts.slice(0, 2), from: 'en', to: 'fr' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(translated).toHaveLength(2);
    expect(fake.bodies).toHaveLength(2);
  });

  it('honours a Retry-After only up to its bound, and gives up as unavailable after the attempts', async () => {
    const limited = await startFakeChatCompletions({ behaviour: 'rate-limited', retryAfterSeconds: 3_600 });
    try {
      const llm = createLanguageModel({
        url: limited.baseUrl,
        model: 'fake-model',
        retryDelaysMs: [1, 1],
        maxRetryAfterMs: 20,
      });
      const failure = llm.translate({ texts: texts.slice(0, 1), from: 'en', to: 'fr' });
      await expect(failure).rejects.toThrow(LanguageModelUnavailable);
      await expect(failure).rejects.toThrow(/unavailable \(3 attempts\): HTTP 429/);
      expect(limited.bodies).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('gives up on a request that stalls past the timeout and asks again', async () => {
    fake.script = ['stall'];
    const llm = createLanguageModel({
      url: fake.baseUrl,
      model: 'fake-model',
      apiKey: 'llm-test-key',
      retryDelaysMs: [1, 1],
      timeoutMs: 300,
    });
    const translated = await llm.translate({ texts: texts.slice(0, 2), from: 'en', to: 'fr' });
    expect(translated).toHaveLength(2);
    expect(fake.bodies).toHaveLength(2);

    fake.behaviour = 'stall';
    await expect(llm.translate({ texts: texts.slice(0, 1), from: 'en', to: 'fr' })).rejects.toThrow(
      /unavailable \(3 attempts\): .*timeout/i,
    );
  });

  it('fails as unavailable when the endpoint keeps answering 500', async () => {
    fake.behaviour = 'fail-500';
    const failure = model().translate({ texts, from: 'en', to: 'fr' });
    await expect(failure).rejects.toThrow(LanguageModelUnavailable);
    await expect(failure).rejects.toThrow(/fake-model.*unavailable \(3 attempts\): HTTP 500/);
  });

  it('is refused at once with a wrong key', async () => {
    const wrong = createLanguageModel({
      url: fake.baseUrl,
      model: 'fake-model',
      apiKey: 'nope',
      retryDelaysMs: [1],
    });
    await expect(wrong.translate({ texts, from: 'en', to: 'fr' })).rejects.toThrow(/HTTP 401/);
    await expect(wrong.check()).rejects.toThrow(/HTTP 401/);
    await expect(model().check()).resolves.toBeUndefined();
  });

  it('asks again with the figure a roughly fitted answer missed, until every capped cue fits', async () => {
    // The fake, like a model, answers every third cue one word over its cap the first time.
    const reports: { fallback: number[]; retries: number }[] = [];
    const translated = await model({ size: 6, concurrency: 1 }).translate({
      texts,
      from: 'en',
      to: 'de',
      maxCharacters: texts.map(() => 22),
      onReport: (report) => reports.push(report),
    });
    for (const text of translated) expect(Array.from(text).length).toBeLessThanOrEqual(22);
    const again = JSON.parse(fake.bodies[1]?.messages.at(-1)?.content ?? '{}');
    expect(again.cues.map((cue: { id: number }) => cue.id)).toEqual([3, 6]);
    expect(reports).toEqual([{ asked: 6, accepted: 6, fallback: [], retries: 1 }]);
  });

  it('asks for the characters that fit, and asks again once with the figure a long answer missed', async () => {
    fake.script = ['ignores-cap'];
    const reports: unknown[] = [];
    const translated = await model().translate({
      texts: texts.slice(0, 2),
      from: 'en',
      to: 'de',
      maxCharacters: [20, 200],
      onReport: (report) => reports.push(report),
    });
    expect(Array.from(translated[0] ?? '').length).toBeLessThanOrEqual(20);
    expect(translated[0]).toMatch(/12/);
    const again = JSON.parse(fake.bodies[1]?.messages.at(-1)?.content ?? '{}');
    expect(again.cues).toEqual([
      {
        id: 1,
        text: texts[0],
        max_characters: 20,
        problem: expect.stringMatching(/^your answer has \d+ characters; at most 20 fit$/),
      },
    ]);
    expect(reports).toEqual([{ asked: 2, accepted: 2, fallback: [], retries: 1 }]);
  });

  it('puts the glossary into the instructions and keeps its terms as written', async () => {
    const translated = await model().translate({
      texts: ['We run Kubernetes for Zorgverzekeraar XYZ.', 'The health insurer pays.'],
      from: 'en',
      to: 'ja',
      glossary: {
        keep: ['Kubernetes', 'Zorgverzekeraar XYZ'],
        fixed: [{ term: 'health insurer', translation: '保険会社' }],
      },
    });
    expect(translated[0]).toContain('Kubernetes');
    expect(translated[0]).toContain('Zorgverzekeraar XYZ');
    expect(translated[1]).toContain('保険会社');
    const system = fake.bodies[0]?.messages[0]?.content ?? '';
    expect(system).toContain('never translated: Kubernetes; Zorgverzekeraar XYZ.');
    expect(system).toContain('Always translate "health insurer" as "保険会社".');
  });

  it('asks without JSON mode when the endpoint refuses it, and still checks every answer', async () => {
    const plain = await startFakeChatCompletions({ rejectJsonMode: true });
    try {
      const llm = createLanguageModel({ url: plain.baseUrl, model: 'plain', retryDelaysMs: [1] });
      expect(await llm.translate({ texts: texts.slice(0, 2), from: 'en', to: 'ko' })).toHaveLength(2);
      expect(await llm.translate({ texts: texts.slice(2, 3), from: 'en', to: 'ko' })).toHaveLength(1);
      expect(plain.bodies.map((body) => body.response_format?.type ?? 'none')).toEqual([
        'json_object',
        'none',
        'none',
      ]);
    } finally {
      await plain.close();
    }
  });
});
