import { randomUUID } from 'node:crypto';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeChatCompletions } from '../test/fakes/chat-completions';
import { balanceCents } from '../test/support/database';
import { payingUser, testApp, testCaller } from '../test/support/http';
import { finishedHardcodeVideo } from '../test/support/videos';
import { runLanguageStep } from './language-step';

/**
 * A language's job fails as a video step does (retried while its error may pass, at once when it
 * cannot), but failing it fails the language alone, refunded once. Real database; the job's attempt
 * numbers given as Graphile Worker gives them.
 */
const fake = await startFakeChatCompletions();
const { app, call, db, services } = await testApp({ LLM_URL: fake.baseUrl, LLM_MODEL: 'fake-model' });
const owner = await payingUser(call, 'step-owner');
afterAll(() => fake.close());

async function videoWithLanguage() {
  const videoId = await finishedHardcodeVideo(db, owner, {
    title: 'Talk',
    srt: '1\n00:00:00,000 --> 00:00:01,000\nHello\n',
    durationSeconds: 3,
    sourceKey: `videos/${randomUUID()}/source.mp4`,
    language: 'en',
  });
  const added = await testCaller(app, owner.token).mutation('videos.addLanguage', {
    id: videoId,
    language: 'fr',
  });
  expect(added.status).toBe(200);
  return videoId;
}

const helpers = (attempts: number) =>
  ({
    job: { attempts, max_attempts: 3 },
    logger: { error: () => {}, info: () => {} },
  }) as unknown as JobHelpers;

const languageRow = (videoId: number) =>
  db
    .selectFrom('video_languages')
    .select(['status', 'failure_reason'])
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();

const refunds = (videoId: number) =>
  db
    .selectFrom('credit_ledger')
    .select(['amount_cents', 'language'])
    .where('video_id', '=', videoId)
    .where('kind', '=', 'refund')
    .execute();

describe("a language's job that fails", () => {
  it('is retried while attempts are left, then fails the language, refunded once', async () => {
    const videoId = await videoWithLanguage();
    const balance = await balanceCents(db, owner.companyId ?? 0);
    const job = { videoId, language: 'fr' as const, product: 'translation' as const };
    const busy = () => Promise.reject(new Error('the disk is busy'));
    await expect(runLanguageStep(services, helpers(1), job, busy)).rejects.toThrow('the disk is busy');
    expect(await languageRow(videoId)).toEqual({ status: 'translating', failure_reason: null });
    expect(await refunds(videoId)).toEqual([]);

    await runLanguageStep(services, helpers(3), job, busy);
    await runLanguageStep(services, helpers(3), job, busy);
    expect(await languageRow(videoId)).toEqual({
      status: 'failed',
      failure_reason: 'Translating the subtitles failed. Your €0.05 was refunded.',
    });
    expect(await refunds(videoId)).toEqual([{ amount_cents: '5', language: 'fr' }]);
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(balance + 5);
    const video = await db
      .selectFrom('videos')
      .select(['srt_status', 'hardcoded_status', 'failure_reason'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toEqual({ srt_status: 'completed', hardcoded_status: 'completed', failure_reason: null });
  });
});
