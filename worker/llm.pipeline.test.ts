import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INPUT_LANGUAGE_CODES, OUTPUT_LANGUAGE_CODES } from '../shared/languages';
import { FAILURE_TEXTS } from '../shared/schemas/videos';
import { inLanguageScript, parseSrt } from '../shared/subtitles';
import { startFakeChatCompletions } from '../test/fakes/chat-completions';
import { startFakeDeepgram } from '../test/fakes/deepgram';
import { adminToken, payingUser, testApp } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeSpeechClip } from '../test/support/media';
import { filePart, multipartBody } from '../test/support/multipart';
import { waitForVideo } from '../test/support/videos';

// Deepgram's fake hears the JFK sample; the language model's fake translates it. No Google key.
const deepgram = await startFakeDeepgram();
const llm = await startFakeChatCompletions({ apiKey: 'llm-test-key' });
const app = await testApp({
  DEEPGRAM_API_KEY: 'deepgram-test-key',
  DEEPGRAM_API_BASE: deepgram.url,
  LLM_URL: llm.baseUrl,
  LLM_MODEL: 'fake-model',
  LLM_API_KEY: 'llm-test-key',
});
let clip: string;

beforeAll(async () => {
  clip = await makeSpeechClip('jfk-11s.mp4');
});
afterAll(async () => {
  await Promise.all([deepgram.close(), llm.close()]);
});
beforeEach(() => {
  llm.behaviour = 'good';
  llm.script = [];
  llm.bodies.length = 0;
});

async function generate(user: { token: string }, inLan: string, outLan: string, rso = 'full-text') {
  const { body, contentType } = multipartBody([
    { name: 'title', value: 'Speech' },
    { name: 'rso', value: rso },
    { name: 'in_lan', value: inLan },
    { name: 'out_lan', value: outLan },
    await filePart('file', clip, 'speech.mp4', 'video/mp4'),
  ]);
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/upload-log',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function settled(videoId: number) {
  await runQueuedJobs(app.pool, app.services);
  return waitForVideo(app.db, videoId, undefined, 5_000);
}

async function srtOf(user: { token: string }, videoId: number) {
  const { body } = await app.call('GET', `/api/srts?filters[video_id]=${videoId}`, { token: user.token });
  return parseSrt(body.data[0].attributes.srt_content);
}

describe('generate mode with a language model and no Google key', () => {
  it('offers every output language for every input language', async () => {
    const { body } = await app.call('GET', '/trpc/videos.capabilities');
    for (const input of INPUT_LANGUAGE_CODES) expect(body.result.data[input]).toEqual(OUTPUT_LANGUAGE_CODES);
  });

  it.each([
    ['en', 'ja'],
    ['nl', 'de'],
    ['en', 'th'],
  ])('%s → %s: an SRT in the script of the language, translated in checked batches', async (from, to) => {
    const user = await payingUser(app.call, `llm-${from}-${to}`);
    const videoId = await generate(user, from, to, '17');
    expect(await settled(videoId)).toMatchObject({ srt_status: 'completed', hardcoded_status: 'completed' });
    const cues = await srtOf(user, videoId);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(inLanguageScript(cue.text, to as 'ja'), cue.text).toBe(true);
    const asked = JSON.parse(llm.bodies[0]?.messages.at(-1)?.content ?? '{}');
    expect(asked).toMatchObject({ task: 'translate', from, to });
    expect(asked.cues[0].max_characters).toBeGreaterThan(0);
    expect(llm.requests.at(-1)?.headers.authorization).toBe('Bearer llm-test-key');
  });

  it('fails with a clear reason and the refund when a cue cannot be translated, never a partial SRT', async () => {
    llm.behaviour = 'echo';
    const user = await payingUser(app.call, 'llm-echo');
    const videoId = await generate(user, 'en', 'fr');
    const video = await settled(videoId);
    expect(video).toMatchObject({
      srt_status: 'failed',
      failure_reason: `${FAILURE_TEXTS.languageModel} Your €0.10 was refunded.`,
    });
    expect(video.failure_cause).toMatch(
      /could not translate cue \d+ into fr: the translation is the source text/,
    );
    const versions = await app.db
      .selectFrom('subtitle_versions')
      .select('id')
      .where('video_id', '=', videoId)
      .execute();
    expect(versions).toEqual([]);
    expect(
      (await app.call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits,
    ).toBe(5);
  });

  it('fails with the reason for admins and the refund when the endpoint refuses the model', async () => {
    llm.behaviour = 'unknown-model';
    const user = await payingUser(app.call, 'llm-no-model');
    const videoId = await generate(user, 'en', 'de');
    const video = await settled(videoId);
    expect(video).toMatchObject({
      srt_status: 'failed',
      failure_reason: `${FAILURE_TEXTS.languageModel} Your €0.10 was refunded.`,
    });
    expect(video.failure_cause).toMatch(/fake-model.*refused the request: HTTP 404: .*does not exist/);
    expect(
      (await app.call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits,
    ).toBe(5);
  });

  it('tells admins whether the endpoint answers, and customers nothing of it', async () => {
    const token = await adminToken(app.call);
    const { body } = await app.call('GET', '/trpc/health.engines', { token });
    expect(body.result.data.languageModel).toMatchObject({ state: 'ready', model: 'fake-model' });
    expect(body.result.data.description).toMatch(
      /translation: language model fake-model; condenser: language model fake-model$/,
    );
    expect(llm.requests.some((request) => request.method === 'GET' && request.path === '/v1/models')).toBe(
      true,
    );
    const user = await payingUser(app.call, 'llm-curious');
    expect((await app.call('GET', '/trpc/health.engines', { token: user.token })).status).toBe(403);
  });
});
