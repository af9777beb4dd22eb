import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguageScript, parseSrt } from '../shared/subtitles';
import { startFakeChatCompletions } from '../test/fakes/chat-completions';
import { type FakeDeepgramWord, startFakeDeepgram } from '../test/fakes/deepgram';
import { startFakeGoogleTranslate } from '../test/fakes/google-translate';
import { payingUser, testApp, testCaller } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeSpeechClip } from '../test/support/media';
import { filePart, multipartBody } from '../test/support/multipart';
import { waitForVideo } from '../test/support/videos';

/** Fast speech naming the company's product and customer: plan 15 must condense it. */
const SPOKEN =
  'So basically we really moved everything onto Kubernetes last year, and honestly Zorgverzekeraar XYZ was our very first customer to go live on it, with 12 teams.';
const WORDS: FakeDeepgramWord[] = SPOKEN.split(' ').map((punctuated, index) => ({
  punctuated,
  start: 0.3 + index * 0.2,
  end: 0.48 + index * 0.2,
}));
const TERMS = ['Kubernetes', 'Zorgverzekeraar XYZ'];

const deepgram = await startFakeDeepgram({ words: WORDS });
const llm = await startFakeChatCompletions();
const google = await startFakeGoogleTranslate({ apiKey: 'google-test-key' });
const speech = { DEEPGRAM_API_KEY: 'deepgram-test-key', DEEPGRAM_API_BASE: deepgram.url };
const withModel = await testApp({ ...speech, LLM_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
const withGoogle = await testApp({
  ...speech,
  GOOGLE_TRANSLATE_API_KEY: 'google-test-key',
  GOOGLE_TRANSLATE_ENDPOINT: google.endpoint,
});
type App = typeof withModel;
let clip: string;

beforeAll(async () => {
  clip = await makeSpeechClip('jfk-11s.mp4');
});
afterAll(async () => {
  await Promise.all([deepgram.close(), llm.close(), google.close()]);
});

async function companyWithGlossary(app: App, name: string) {
  const user = await payingUser(app.call, name);
  const api = testCaller(app.app, user.token);
  for (const term of TERMS) {
    expect((await api.mutation('glossary.save', { term, keepAsWritten: true })).status).toBe(200);
  }
  return user;
}

async function subtitled(app: App, user: { token: string }, inLan: string, outLan: string) {
  const { body, contentType } = multipartBody([
    { name: 'title', value: 'Glossary' },
    { name: 'rso', value: '15' },
    { name: 'in_lan', value: inLan },
    { name: 'out_lan', value: outLan },
    await filePart('file', clip, 'speech.mp4', 'video/mp4'),
  ]);
  const upload = await app.app.inject({
    method: 'POST',
    url: '/api/upload-log',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const videoId = upload.json().data.id as number;
  await runQueuedJobs(app.pool, app.services);
  expect(await waitForVideo(app.db, videoId, undefined, 5_000)).toMatchObject({ srt_status: 'completed' });
  const { body: srts } = await app.call('GET', `/api/srts?filters[video_id]=${videoId}`, {
    token: user.token,
  });
  return parseSrt(srts.data[0].attributes.srt_content);
}

const textOf = (cues: { text: string }[]) => cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ');

describe('a company glossary through every engine', () => {
  it('Deepgram gets the terms as keyterms; condensing to plan 15 keeps them as written', async () => {
    const user = await companyWithGlossary(withModel, 'glossary-condense');
    const cues = await subtitled(withModel, user, 'en', 'en');
    const query = new URL(deepgram.requests.at(-1)?.url ?? '', 'http://fake').searchParams;
    expect(query.getAll('keyterm')).toEqual(TERMS);
    const condense = llm.bodies.filter((body) => body.messages.at(-1)?.content.includes('"task":"condense"'));
    expect(condense.length).toBeGreaterThan(0);
    expect(condense[0]?.messages[0]?.content).toContain('never translated: Kubernetes; Zorgverzekeraar XYZ.');
    for (const term of TERMS) expect(textOf(cues)).toContain(term);
    expect(textOf(cues)).toContain('12');
  });

  it('the language model translates into Japanese keeping the terms as written', async () => {
    const user = await companyWithGlossary(withModel, 'glossary-ja');
    const cues = await subtitled(withModel, user, 'en', 'ja');
    const translate = llm.bodies.at(-1);
    expect(translate?.messages[0]?.content).toContain('never translated: Kubernetes; Zorgverzekeraar XYZ.');
    for (const term of TERMS) expect(textOf(cues)).toContain(term);
    const rest = TERMS.reduce((text, term) => text.split(term).join(' '), textOf(cues));
    expect(inLanguageScript(rest, 'ja'), rest).toBe(true);
  });

  it('Google gets the terms protected from translation and the SRT spells them as written', async () => {
    const user = await companyWithGlossary(withGoogle, 'glossary-google');
    const cues = await subtitled(withGoogle, user, 'en', 'de');
    const sent = google.batches.at(-1)?.join(' ') ?? '';
    expect(sent).toContain('<span translate="no">Kubernetes</span>');
    expect(sent).toContain('<span translate="no">Zorgverzekeraar XYZ</span>');
    const text = textOf(cues);
    for (const term of TERMS) expect(text).toContain(term);
    expect(text).not.toContain('<span');
    expect(text).toMatch(/^\[de\] /);
  });
});
