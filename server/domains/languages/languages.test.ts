import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_TEXTS, type VideoLanguages } from '../../../shared/schemas/video-languages';
import { parseSrt } from '../../../shared/subtitles';
import { startFakeChatCompletions } from '../../../test/fakes/chat-completions';
import { balanceCents } from '../../../test/support/database';
import { payingUser, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip, probeJson } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';

/**
 * Issue 40's acceptance on the server: a finished hardcode video (its own English SRT uploaded) gets
 * French through an OpenAI-compatible endpoint (the local fake), charged once and served beside the
 * English; a failing endpoint fails the language, refunded once; no engine refuses before charging.
 * Real database, real worker tasks, real ffmpeg.
 */
const fake = await startFakeChatCompletions();
afterAll(() => fake.close());
const { app, call, db, pool, services } = await testApp({
  LLM_URL: fake.baseUrl,
  LLM_MODEL: 'fake-model',
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
});
const clip = await makeClip('languages-3s.mp4', { seconds: 3 });
const ENGLISH = [
  '1\n00:00:00,500 --> 00:00:01,250\nSales went up by 12 percent.',
  '2\n00:00:01,400 --> 00:00:02,900\nThank you all for coming today.\n',
].join('\n\n');

beforeEach(() => {
  fake.behaviour = 'good';
  fake.script = [];
});

/** A hardcode video of a new company: its own SRT uploaded and burned in by the worker. */
async function finishedHardcodeVideo(name: string, euros = 5) {
  const user = await payingUser(call, name, euros);
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, 'talk.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'talk.srt', content: Buffer.from(ENGLISH) },
  ]);
  await runQueuedJobs(pool, services);
  const video = await db
    .selectFrom('videos')
    .select(['hardcoded_status', 'hardcoded_key'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  expect(video.hardcoded_status).toBe('completed');
  return { user, videoId, trpc: testCaller(app, user.token), companyId: user.companyId ?? 0, video };
}

const languageLedger = (videoId: number) =>
  db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents', 'language', 'reference'])
    .where('video_id', '=', videoId)
    .where('language', 'is not', null)
    .orderBy('id')
    .execute();

/** `GET /api/subtitle-file` as the holder of `token`: the status, the text and the headers. */
async function subtitleFile(token: string, videoId: number, language?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/subtitle-file?id=${videoId}&format=srt${language ? `&language=${language}` : ''}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, text: response.body, headers: response.headers };
}

describe('adding a language to a finished hardcode video', () => {
  it('translates it into French through the language model, charged once, served beside the English', async () => {
    const { user, videoId, trpc, companyId } = await finishedHardcodeVideo('fr-owner');
    const before = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(before.languages).toEqual([
      expect.objectContaining({ language: 'en', own: true, status: 'ready' }),
    ]);
    expect(before.addable).toContain('fr');
    expect(before.addable).not.toContain('en');
    // 3 seconds: one started minute at the seeded €0.05.
    expect(before.priceCents).toBe(5);
    const balance = await balanceCents(db, companyId);

    const added = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'fr' });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ language: 'fr', own: false, status: 'translating', burnStatus: null });
    expect(await balanceCents(db, companyId)).toBe(balance - 5);
    await runQueuedJobs(pool, services);

    const after = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(after.languages.map((language) => [language.language, language.status])).toEqual([
      ['en', 'ready'],
      ['fr', 'ready'],
    ]);
    expect(after.addable).not.toContain('fr');
    expect(await languageLedger(videoId)).toEqual([
      { kind: 'charge', amount_cents: '-5', language: 'fr', reference: `language:${videoId}:fr:1` },
    ]);

    const french = await subtitleFile(user.token, videoId, 'fr');
    expect(french.status).toBe(200);
    expect(french.headers['content-disposition']).toContain('.fr.srt');
    const frenchCues = parseSrt(french.text);
    // The fake tags each Latin-script translation with its language and keeps numbers.
    expect(frenchCues.map((cue) => cue.text)).toEqual([
      expect.stringMatching(/^fr: .*12/),
      expect.stringMatching(/^fr: /),
    ]);
    // Each source cue's timing kept.
    expect(frenchCues.map((cue) => [cue.startMs, cue.endMs])).toEqual(
      parseSrt(ENGLISH).map((cue) => [cue.startMs, cue.endMs]),
    );
    const english = await subtitleFile(user.token, videoId);
    expect(english.status).toBe(200);
    expect(english.text).toBe(ENGLISH);
    expect((await subtitleFile(user.token, videoId, 'en')).text).toBe(ENGLISH);

    const list = await trpc.query('videos.list', {});
    expect(list.data.videos.find((video: { id: number }) => video.id === videoId).languages).toEqual([
      { language: 'fr', status: 'ready', burnStatus: null },
    ]);
  });

  it('fails the language and refunds it once when the endpoint cannot translate', async () => {
    const { user, videoId, trpc, companyId, video } = await finishedHardcodeVideo('fr-failing');
    const balance = await balanceCents(db, companyId);
    fake.behaviour = 'echo';
    expect((await trpc.mutation('videos.addLanguage', { id: videoId, language: 'de' })).status).toBe(200);
    await runQueuedJobs(pool, services);

    const languages = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(languages.languages[1]).toMatchObject({ language: 'de', status: 'failed' });
    expect(languages.languages[1]?.failureReason).toMatch(/refunded/);
    expect(languages.addable).toContain('de');
    const ledger = await languageLedger(videoId);
    expect(ledger.map((line) => [line.kind, Number(line.amount_cents), line.language])).toEqual([
      ['charge', -5, 'de'],
      ['refund', 5, 'de'],
    ]);
    expect(await balanceCents(db, companyId)).toBe(balance);
    // The video itself is untouched.
    const row = await db
      .selectFrom('videos')
      .select(['hardcoded_status', 'hardcoded_key', 'srt_status'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      hardcoded_status: 'completed',
      hardcoded_key: video.hardcoded_key,
      srt_status: 'completed',
    });
    // The failed language's file is not served.
    const file = await subtitleFile(user.token, videoId, 'de');
    expect(file.status).toBe(404);
    expect(JSON.parse(file.text).error.message).toBe('Subtitles in German not found');
  });
});
