import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { LANGUAGE_TEXTS, type VideoLanguages } from '../../../shared/schemas/video-languages';
import { parseSrt } from '../../../shared/subtitles';
import { startFakeChatCompletions } from '../../../test/fakes/chat-completions';
import { balanceCents } from '../../../test/support/database';
import { payingUser, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip, probeJson } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { referencedKeys } from '../../backup/stored-files';
import { appendLedgerEntry } from '../ledger/service';
import { insertSubtitleVersion } from '../videos/repo';

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
      {
        language: 'fr',
        status: 'ready',
        progress: 100,
        failureReason: null,
        burnStatus: null,
        burnProgress: 0,
        burnFailureReason: null,
        burnOutdated: false,
      },
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

describe('what adding a language refuses, in plain words, before charging', () => {
  it('refuses the own language, a language added already, and a video not finished yet', async () => {
    const { videoId, trpc, companyId } = await finishedHardcodeVideo('fr-refusals');
    const balance = await balanceCents(db, companyId);
    const own = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'en' });
    expect([own.status, own.error?.message]).toEqual([409, LANGUAGE_TEXTS.ownLanguage]);
    expect((await trpc.mutation('videos.addLanguage', { id: videoId, language: 'fr' })).status).toBe(200);
    const again = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'fr' });
    expect([again.status, again.error?.message]).toEqual([409, LANGUAGE_TEXTS.alreadyAdded]);
    const unknown = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'xx' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toContain('language must be one of the output languages');
    const burnEarly = await trpc.mutation('videos.burnLanguage', { id: videoId, language: 'fr' });
    expect([burnEarly.status, burnEarly.error?.message]).toEqual([409, LANGUAGE_TEXTS.notReady]);
    expect(await balanceCents(db, companyId)).toBe(balance - 5);

    await db
      .updateTable('videos')
      .set({ srt_status: 'polling', srt_progress: 40 })
      .where('id', '=', videoId)
      .execute();
    // The own language shows the video's own progress while its subtitles are made.
    const listed = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(listed.languages[0]).toMatchObject({ own: true, status: 'translating', progress: 40 });
    const early = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'es' });
    expect([early.status, early.error?.message]).toEqual([409, LANGUAGE_TEXTS.notFinished]);
    expect(await balanceCents(db, companyId)).toBe(balance - 5);
  });

  it('refuses a balance short of the price with the amounts, charging nothing', async () => {
    const { videoId, trpc, companyId } = await finishedHardcodeVideo('fr-short', 5);
    const balance = await balanceCents(db, companyId);
    await appendLedgerEntry(db, { companyId, kind: 'adjustment', amountCents: cents(7 - balance) });
    // Translation €0.05 and the burned video €0.05: €0.10 against €0.07.
    const short = await trpc.mutation('videos.addLanguage', { id: videoId, language: 'fr', burn: true });
    expect(short.status).toBe(402);
    expect(short.error?.message).toBe('This costs €0.10 and the balance is €0.07: €0.03 more is needed.');
    expect(await balanceCents(db, companyId)).toBe(7);
    expect(await languageLedger(videoId)).toEqual([]);
  });
});

describe('the REST path for scripts', () => {
  it('adds a language with POST /api/videos/{id}/languages and answers it in Strapi’s shape', async () => {
    const { user, videoId } = await finishedHardcodeVideo('fr-rest');
    const added = await call('POST', `/api/videos/${videoId}/languages`, {
      token: user.token,
      body: { language: 'es', burn: true },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      data: {
        id: videoId,
        attributes: expect.objectContaining({ language: 'es', status: 'translating', burnStatus: 'burning' }),
      },
      meta: {},
    });
    const bad = await call('POST', `/api/videos/${videoId}/languages`, { token: user.token, body: {} });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('language must be one of the output languages');
    // The translation, then the burned video bought with it.
    await runQueuedJobs(pool, services);
    const row = await db
      .selectFrom('video_languages')
      .select(['status', 'burn_status', 'hardcoded_key'])
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ready', burn_status: 'ready' });
    const probe = await services.storage.withLocalFile(row.hardcoded_key ?? '', (file) => probeJson(file));
    expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    expect((await languageLedger(videoId)).map((line) => [line.kind, line.reference])).toEqual([
      ['charge', `language:${videoId}:es:1`],
      ['charge', `language-burn:${videoId}:es:1`],
    ]);

    // Edited since (the editor makes version 1): the burned video is outdated, and burned again on request.
    await insertSubtitleVersion(db, {
      videoId,
      language: 'es',
      version: 1,
      origin: 'revision',
      name: 'talk.es.srt',
      srt: '1\n00:00:00,500 --> 00:00:01,250\nes: corregido 12\n',
    });
    const trpc = testCaller(app, user.token);
    const outdated = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(outdated.languages[1]).toMatchObject({ language: 'es', burnStatus: 'ready', burnOutdated: true });
    const again = await trpc.mutation('videos.burnLanguage', { id: videoId, language: 'es' });
    expect(again.data).toMatchObject({ burnStatus: 'burning' });
    await runQueuedJobs(pool, services);
    const burned = (await trpc.query('videos.languages', { id: videoId })).data as VideoLanguages;
    expect(burned.languages[1]).toMatchObject({ burnStatus: 'ready', burnOutdated: false });
    expect((await languageLedger(videoId)).map((line) => line.reference)).toEqual([
      `language:${videoId}:es:1`,
      `language-burn:${videoId}:es:1`,
      `language-burn:${videoId}:es:2`,
    ]);
    // The older burned file went; the video's own burned video is untouched.
    expect(await services.storage.size(row.hardcoded_key ?? '')).toBeNull();
    const own = await db
      .selectFrom('videos')
      .select(['hardcoded_key', 'hardcoded_status', 'revisions'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(own).toMatchObject({ hardcoded_status: 'completed', revisions: 0 });
    expect(own.hardcoded_key).not.toContain('languages/');

    // Deleting the video removes the language's burned video with its other files.
    const newest = await db
      .selectFrom('video_languages')
      .select('hardcoded_key')
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(await services.storage.size(newest.hardcoded_key ?? '')).toBeGreaterThan(0);
    // A backup takes it too (it copies every file a row names).
    expect(await referencedKeys(db, services.storage)).toContain(newest.hardcoded_key);
    expect((await trpc.mutation('videos.delete', { id: videoId })).status).toBe(200);
    expect(await services.storage.size(newest.hardcoded_key ?? '')).toBeNull();
  });
});

describe('without a translation engine', () => {
  it('refuses to add a language before charging, in plain words', async () => {
    const bare = await testApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '100000' });
    const user = await payingUser(bare.call, 'no-engine');
    const videoId = await uploadVideo(bare.app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', clip, 'talk.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'talk.srt', content: Buffer.from(ENGLISH) },
    ]);
    const balance = await balanceCents(bare.db, user.companyId ?? 0);
    const refused = await testCaller(bare.app, user.token).mutation('videos.addLanguage', {
      id: videoId,
      language: 'fr',
    });
    expect([refused.status, refused.error?.message]).toEqual([409, LANGUAGE_TEXTS.noEngine]);
    expect(await balanceCents(bare.db, user.companyId ?? 0)).toBe(balance);
    expect(await bare.db.selectFrom('video_languages').selectAll().execute()).toEqual([]);
  });
});
