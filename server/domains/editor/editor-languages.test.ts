import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../../../shared/languages';
import { EDITOR_TEXTS } from '../../../shared/schemas/editor';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { jobs } from '../../jobs/catalog';
import { insertVideo } from '../uploads/repo';
import { insertSubtitleVersion } from '../videos/repo';

/** The editor in a video's added languages (issue 40): each language its own draft and versions. */
const { app, call, db, services } = await testApp();
const owner = await payingUser(call, 'polyglot');
const stranger = await payingUser(call, 'intruder');
const tab = testCaller(app, owner.token);
const outsider = testCaller(app, stranger.token);

const ENGLISH =
  '1\n00:00:00,500 --> 00:00:02,000\nGood morning\n\n2\n00:00:02,500 --> 00:00:03,500\nWelcome\n';
const FRENCH = '1\n00:00:00,500 --> 00:00:02,000\nBonjour\n\n2\n00:00:02,500 --> 00:00:03,500\nBienvenue\n';
let clip: string;

beforeAll(async () => {
  clip = await makeClip('editor-languages-3s.mp4', { seconds: 3 });
});

/**
 * A finished English hardcode video of the owner's company with French added: English version 0,
 * French version 0, as the languages' job leaves them; `french` sets the French row's status.
 */
async function videoWithFrench(french: 'ready' | 'translating' | 'failed' = 'ready') {
  const folder = `videos/${randomUUID()}`;
  await services.storage.write(`${folder}/source.mp4`, createReadStream(clip));
  const videoId = await insertVideo(db, {
    companyId: owner.companyId ?? 0,
    createdBy: owner.id,
    mode: 'hardcode',
    filename: 'keynote.mp4',
    title: 'Keynote',
    description: '',
    rso: null,
    inLan: 'en',
    outLan: 'en',
    durationSeconds: 3,
    priceCents: 10,
    sourceKey: `${folder}/source.mp4`,
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_progress: 100, hardcoded_key: `${folder}/source.mp4` })
    .where('id', '=', videoId)
    .execute();
  await insertSubtitleVersion(db, { videoId, version: 0, origin: 'generated', name: 'k.srt', srt: ENGLISH });
  await db
    .insertInto('video_languages')
    .values({ video_id: videoId, language: 'fr', status: french, progress: french === 'ready' ? 100 : 40 })
    .execute();
  if (french === 'ready')
    await insertSubtitleVersion(db, {
      videoId,
      version: 0,
      origin: 'generated',
      name: 'k.fr.srt',
      srt: FRENCH,
      language: 'fr',
    });
  return videoId;
}

const cues = (label: string) => [
  { startMs: 500, endMs: 2000, text: `${label} one` },
  { startMs: 2500, endMs: 3500, text: `${label} two` },
];

function versionsIn(videoId: number, language: '' | OutputLanguage) {
  return db
    .selectFrom('subtitle_versions')
    .select(['version', 'origin', 'srt_content as srt'])
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .orderBy('version')
    .execute();
}

function draftsOf(videoId: number) {
  return db
    .selectFrom('subtitle_drafts')
    .select(['language', 'revision'])
    .where('video_id', '=', videoId)
    .orderBy('language')
    .execute();
}

async function queuedJobs(videoId: number) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from graphile_worker.jobs where key = ${jobs.burnInVideo.key({ videoId })}`.execute(
    db,
  );
  return Number(rows[0]?.n);
}

const videoRow = (videoId: number) =>
  db
    .selectFrom('videos')
    .select(['revisions', 'hardcoded_status', 'company_id'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();

const ledgerLines = (companyId: number) =>
  db.selectFrom('credit_ledger').select('id').where('company_id', '=', companyId).execute();

describe('the editor in an added language', () => {
  it('opens the French subtitles with their own versions and no draft, and the own ones without a language', async () => {
    const videoId = await videoWithFrench();
    const french = await tab.query('editor.open', { id: videoId, language: 'fr' });
    expect(french.status).toBe(200);
    expect(french.data.video.language).toBe('fr');
    expect(french.data.subtitles).toEqual({ own: false });
    expect(french.data.latest).toEqual({ version: 0, srt: FRENCH });
    expect(french.data.versions.map((version: { name: string }) => version.name)).toEqual(['k.fr.srt']);
    const english = await tab.query('editor.open', { id: videoId });
    expect(english.data.video.language).toBe('en');
    expect(english.data.subtitles).toEqual({ own: true });
    expect(english.data.latest).toEqual({ version: 0, srt: ENGLISH });
    // The own subtitles' language named is the own subtitles.
    expect((await tab.query('editor.open', { id: videoId, language: 'en' })).data.latest.srt).toBe(ENGLISH);
    // A version of one language is not read as another's.
    const frenchVersion = french.data.versions[0].id;
    expect((await tab.query('editor.version', { id: videoId, versionId: frenchVersion })).status).toBe(404);
    expect(
      (await tab.query('editor.version', { id: videoId, versionId: frenchVersion, language: 'fr' })).data,
    ).toEqual({ srt: FRENCH });
  });

  it('keeps a draft per language: saving French leaves the English draft alone and the other way round', async () => {
    const videoId = await videoWithFrench();
    expect(
      (
        await tab.mutation('editor.saveDraft', {
          id: videoId,
          language: 'fr',
          cues: cues('Salut'),
          revision: 0,
        })
      ).status,
    ).toBe(200);
    expect(
      (await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Hello'), revision: 0 })).status,
    ).toBe(200);
    expect(
      (
        await tab.mutation('editor.saveDraft', {
          id: videoId,
          language: 'fr',
          cues: cues('Allô'),
          revision: 1,
        })
      ).status,
    ).toBe(200);
    expect(await draftsOf(videoId)).toEqual([
      { language: '', revision: 1 },
      { language: 'fr', revision: 2 },
    ]);
    expect((await tab.query('editor.open', { id: videoId })).data.draft.cues[0].text).toBe('Hello one');
    expect((await tab.query('editor.open', { id: videoId, language: 'fr' })).data.draft.cues[0].text).toBe(
      'Allô one',
    );
    expect((await tab.mutation('editor.discardDraft', { id: videoId, language: 'fr' })).data).toEqual({
      discarded: true,
    });
    expect(await draftsOf(videoId)).toEqual([{ language: '', revision: 1 }]);
  });

  it('makes a French version of the French draft: no revision counted, nothing charged, nothing burned, English untouched', async () => {
    const videoId = await videoWithFrench();
    const companyId = owner.companyId ?? 0;
    const linesBefore = (await ledgerLines(companyId)).length;
    await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Hello'), revision: 0 });
    await tab.mutation('editor.saveDraft', { id: videoId, language: 'fr', cues: cues('Salut'), revision: 0 });
    const saved = await tab.mutation('editor.saveAndBurnIn', { id: videoId, language: 'fr', revision: 1 });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ version: 1 });
    expect((await versionsIn(videoId, 'fr')).map((version) => [version.version, version.origin])).toEqual([
      [0, 'generated'],
      [1, 'revision'],
    ]);
    expect((await versionsIn(videoId, 'fr'))[1]?.srt).toContain('Salut one');
    expect(await versionsIn(videoId, '')).toEqual([{ version: 0, origin: 'generated', srt: ENGLISH }]);
    expect(await videoRow(videoId)).toMatchObject({ revisions: 0, hardcoded_status: 'completed' });
    expect(await queuedJobs(videoId)).toBe(0);
    expect((await ledgerLines(companyId)).length).toBe(linesBefore);
    // The English draft stays; the French one became the version.
    expect(await draftsOf(videoId)).toEqual([{ language: '', revision: 1 }]);
    expect((await tab.query('editor.open', { id: videoId, language: 'fr' })).data.latest.version).toBe(1);
  });

  it('burns the English draft in as a revision and leaves French alone', async () => {
    const videoId = await videoWithFrench();
    await tab.mutation('editor.saveDraft', { id: videoId, language: 'fr', cues: cues('Salut'), revision: 0 });
    await tab.mutation('editor.saveDraft', { id: videoId, cues: cues('Hello'), revision: 0 });
    expect((await tab.mutation('editor.saveAndBurnIn', { id: videoId, revision: 1 })).data).toEqual({
      version: 1,
    });
    expect(await versionsIn(videoId, 'fr')).toEqual([{ version: 0, origin: 'generated', srt: FRENCH }]);
    expect((await versionsIn(videoId, '')).map((version) => version.version)).toEqual([0, 1]);
    expect(await videoRow(videoId)).toMatchObject({ revisions: 1, hardcoded_status: 'polling' });
    expect(await draftsOf(videoId)).toEqual([{ language: 'fr', revision: 1 }]);
  });

  it('refuses, in plain words, a language still being made, one the video does not have, and a burn-in of an added language', async () => {
    const translating = await videoWithFrench('translating');
    const notReady = await tab.query('editor.open', { id: translating, language: 'fr' });
    expect(notReady.status).toBe(409);
    expect(JSON.stringify(notReady.error)).toContain(EDITOR_TEXTS.languageNotReady);
    const failed = await videoWithFrench('failed');
    expect((await tab.query('editor.open', { id: failed, language: 'fr' })).status).toBe(404);
    const videoId = await videoWithFrench();
    const missing = await tab.query('editor.open', { id: videoId, language: 'de' });
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.error)).toContain('German subtitles of this video not found');
    const unknown = await tab.query('editor.open', { id: videoId, language: 'xx' });
    expect(unknown.status).toBe(400);
    await tab.mutation('editor.saveDraft', { id: videoId, language: 'fr', cues: cues('Salut'), revision: 0 });
    const styled = await tab.mutation('editor.saveAndBurnIn', {
      id: videoId,
      language: 'fr',
      revision: 1,
      style: 'boxed',
    });
    expect(styled.status).toBe(400);
    expect(JSON.stringify(styled.error)).toContain('Burn in this language');
    const quote = await tab.query('editor.reburnQuote', { id: videoId, language: 'fr', revision: 1 });
    expect(quote.status).toBe(409);
    const bought = await tab.mutation('editor.buyReburn', {
      id: videoId,
      language: 'fr',
      revision: 1,
      priceCents: 0,
    });
    expect(bought.status).toBe(409);
    // Nothing was lost: the French draft waits.
    expect(await draftsOf(videoId)).toEqual([{ language: 'fr', revision: 1 }]);
  });

  it('refuses another company’s user every language of the video, reading and writing nothing', async () => {
    const videoId = await videoWithFrench();
    await tab.mutation('editor.saveDraft', {
      id: videoId,
      language: 'fr',
      cues: cues('Secret'),
      revision: 0,
    });
    const { data } = await tab.query('editor.open', { id: videoId, language: 'fr' });
    for (const [procedure, input] of [
      ['editor.open', { id: videoId, language: 'fr' }],
      ['editor.version', { id: videoId, versionId: data.versions[0].id, language: 'fr' }],
    ] as const) {
      const answer = await outsider.query(procedure, input);
      expect(answer.status, procedure).toBe(404);
      expect(answer.data, procedure).toBeUndefined();
      expect(JSON.stringify(answer.error), procedure).not.toMatch(/Bonjour|Secret/);
    }
    for (const [procedure, input] of [
      ['editor.saveDraft', { id: videoId, language: 'fr', cues: cues('pwned'), revision: 1 }],
      ['editor.saveDraft', { id: videoId, language: 'fr', cues: cues('pwned'), revision: 0 }],
      ['editor.discardDraft', { id: videoId, language: 'fr' }],
      ['editor.saveAndBurnIn', { id: videoId, language: 'fr', revision: 1 }],
    ] as const)
      expect((await outsider.mutation(procedure, input)).status, procedure).toBe(404);
    expect(await draftsOf(videoId)).toEqual([{ language: 'fr', revision: 1 }]);
    expect(await versionsIn(videoId, 'fr')).toEqual([{ version: 0, origin: 'generated', srt: FRENCH }]);
  });
});
