import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_TEXTS, type VideoLanguages } from '../../../shared/schemas/video-languages';
import { startFakeChatCompletions } from '../../../test/fakes/chat-completions';
import { balanceCents } from '../../../test/support/database';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { finishedHardcodeVideo } from '../../../test/support/videos';
import { describeLanguageFailure, failLanguageBurn } from './failure';

/**
 * Issue 40: a language's burned video that failed for good tells the customer why in plain words, with
 * the refund, on the language (videos.languages) and on My Videos' row (videos.list); the technical
 * cause stays with admins; burning it again clears the words.
 */
const fake = await startFakeChatCompletions();
afterAll(() => fake.close());
const { app, call, db, pool, services } = await testApp({ LLM_URL: fake.baseUrl, LLM_MODEL: 'fake-model' });
const owner = await payingUser(call, 'burn-failure-owner', 50);
const mine = testCaller(app, owner.token);

/** A finished hardcode video of the owner's company, its own English SRT, with French ready. */
async function videoWithFrench() {
  const videoId = await finishedHardcodeVideo(db, owner, {
    title: 'Talk',
    srt: '1\n00:00:00,500 --> 00:00:01,250\nGood morning.\n',
    durationSeconds: 3,
    sourceKey: 'videos/burn-failure/source.mp4',
  });
  expect((await mine.mutation('videos.addLanguage', { id: videoId, language: 'fr' })).status).toBe(200);
  await runQueuedJobs(pool, services);
  return videoId;
}

const french = async (videoId: number) =>
  ((await mine.query('videos.languages', { id: videoId })).data as VideoLanguages).languages.find(
    (language) => language.language === 'fr',
  );

const listedFrench = async (videoId: number) => {
  const list = (await mine.query('videos.list', {})).data as {
    videos: { id: number; languages: { language: string; burnFailureReason: string | null }[] }[];
  };
  return list.videos.find((video) => video.id === videoId)?.languages.find((l) => l.language === 'fr');
};

describe("a language's failed burned video", () => {
  it('says why in plain words with the refund, keeps the cause for admins, and burning again clears it', async () => {
    const videoId = await videoWithFrench();
    const balance = await balanceCents(db, owner.companyId ?? 0);
    const burn = await mine.mutation('videos.burnLanguage', { id: videoId, language: 'fr' });
    expect(burn.status).toBe(200);
    const charged = balance - (await balanceCents(db, owner.companyId ?? 0));
    expect(charged).toBeGreaterThan(0);

    // What the worker does when the burn's ffmpeg fails for good (worker/language-step.ts).
    const failure = describeLanguageFailure(new Error('ffmpeg exited with code 1: Invalid data'), 'burn');
    await failLanguageBurn(db, { videoId, language: 'fr' }, failure);

    const reason = `${LANGUAGE_TEXTS.burnFailed} Your €${(charged / 100).toFixed(2)} was refunded.`;
    expect(await french(videoId)).toMatchObject({
      status: 'ready',
      failureReason: null,
      burnStatus: 'failed',
      burnFailureReason: reason,
    });
    expect(await listedFrench(videoId)).toMatchObject({ burnFailureReason: reason });
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(balance);
    const row = await db
      .selectFrom('video_languages')
      .select('failure_cause')
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row.failure_cause).toContain('Invalid data');
    expect(JSON.stringify(await french(videoId))).not.toContain('Invalid data');

    expect((await mine.mutation('videos.burnLanguage', { id: videoId, language: 'fr' })).status).toBe(200);
    expect(await french(videoId)).toMatchObject({ burnStatus: 'burning', burnFailureReason: null });
  });
});
