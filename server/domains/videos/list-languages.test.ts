import { describe, expect, it } from 'vitest';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { insertHardcodeVideo } from '../../../test/support/videos';
import { insertSubtitleVersion } from './repo';

/**
 * Issue 40: My Videos' rows (`videos.list`) carry each added language as its chip shows it, without
 * opening the menu: the translation's and the burn's progress, why it failed, and whether its burned
 * video shows subtitles edited since.
 */
const { app, call, db } = await testApp();
const owner = await payingUser(call, 'list-languages-owner', 5);
const mine = testCaller(app, owner.token);

async function finishedVideo(outLan: 'en' | null = 'en') {
  return insertHardcodeVideo(db, owner, {
    title: 'Talk',
    durationSeconds: 2,
    sourceKey: 'videos/list-languages/source.mp4',
    language: outLan,
  });
}

interface ListedRow {
  id: number;
  ownLanguage: string | null;
  languages: unknown[];
}

async function listedRow(videoId: number) {
  const list = await mine.query('videos.list', {});
  expect(list.status).toBe(200);
  return (list.data as { videos: ListedRow[] }).videos.find((video) => video.id === videoId);
}

describe("My Videos' language chips", () => {
  it('carry each language’s progress, failure and outdated burn in the list itself', async () => {
    const videoId = await finishedVideo();
    const base = { video_id: videoId, created_by: owner.id };
    await db
      .insertInto('video_languages')
      .values([
        { ...base, language: 'fr', status: 'translating', progress: 42 },
        {
          ...base,
          language: 'de',
          status: 'ready',
          progress: 100,
          burn_status: 'burning',
          burn_progress: 63,
        },
        {
          ...base,
          language: 'es',
          status: 'ready',
          progress: 100,
          burn_status: 'ready',
          burn_progress: 100,
          hardcoded_key: 'videos/list-languages/languages/es-v0-1.mp4',
        },
        {
          ...base,
          language: 'it',
          status: 'failed',
          progress: 10,
          failure_reason: 'Translating the subtitles failed. The charge was refunded.',
        },
      ])
      .execute();
    // Spanish was edited after its video was burned: version 1 is newer than the burned version 0.
    for (const version of [0, 1])
      await insertSubtitleVersion(db, {
        videoId,
        language: 'es',
        version,
        origin: version === 0 ? 'generated' : 'revision',
        name: 'talk.es.srt',
        srt: '1\n00:00:00,000 --> 00:00:01,000\nHola\n',
      });

    // Added in one statement: in the order of their codes.
    const list = await mine.query('videos.list', {});
    expect(list.status).toBe(200);
    const row = (list.data as { videos: ListedRow[] }).videos.find((video) => video.id === videoId);
    expect(row?.languages).toEqual([
      {
        language: 'de',
        status: 'ready',
        progress: 100,
        failureReason: null,
        burnStatus: 'burning',
        burnProgress: 63,
        burnFailureReason: null,
        burnOutdated: false,
      },
      {
        language: 'es',
        status: 'ready',
        progress: 100,
        failureReason: null,
        burnStatus: 'ready',
        burnProgress: 100,
        burnFailureReason: null,
        burnOutdated: true,
      },
      {
        language: 'fr',
        status: 'translating',
        progress: 42,
        failureReason: null,
        burnStatus: null,
        burnProgress: 0,
        burnFailureReason: null,
        burnOutdated: false,
      },
      {
        language: 'it',
        status: 'failed',
        progress: 10,
        failureReason: 'Translating the subtitles failed. The charge was refunded.',
        burnStatus: null,
        burnProgress: 0,
        burnFailureReason: null,
        burnOutdated: false,
      },
    ]);
    // The burned video's storage key stays on the server.
    expect(JSON.stringify(list.data)).not.toContain('es-v0-1.mp4');
  });
});

describe("My Videos' own language", () => {
  it("is the language a user's own SRT is written in, the output language otherwise, none before subtitles", async () => {
    const ownSrt = await finishedVideo(null);
    await insertSubtitleVersion(db, {
      videoId: ownSrt,
      version: 0,
      origin: 'uploaded',
      name: 'talk.srt',
      srt: '1\n00:00:00,000 --> 00:00:01,000\nGood morning\n',
    });
    // Corrected into Japanese since: the latest own version tells.
    await insertSubtitleVersion(db, {
      videoId: ownSrt,
      version: 1,
      origin: 'revision',
      name: 'talk.srt',
      srt: '1\n00:00:00,000 --> 00:00:01,000\nおはようございます、皆さん\n',
    });
    const generated = await finishedVideo('en');
    const waiting = await finishedVideo(null);

    expect((await listedRow(ownSrt))?.ownLanguage).toBe('ja');
    expect((await listedRow(generated))?.ownLanguage).toBe('en');
    expect((await listedRow(waiting))?.ownLanguage).toBeNull();
  });
});
