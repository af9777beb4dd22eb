import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { videoLedger } from '../../../test/support/ledger';
import { makeClip, probeJson } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { failVideo } from '../videos/failure';
import { planBurnIn } from './burn-in';
import { joinBurnedSegments } from './burn-join';
import { burnSegment } from './burn-segment';

/**
 * Paid re-burns (issue 39): past the 2 free revisions a re-burn is bought, at the re-burn price per
 * started minute of the segments the segmented burn-in burns again, through the legacy REST path
 * and the editor's procedures alike; charged once whatever races it, refunded once if it fails.
 * Real database, real ffmpeg for the burns.
 */
const { app, call, db, services } = await testApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '100000' });
// 140 s at 25 fps: three segments of the plan (45 s, 45 s, and the rest). A first burn costs
// 3 minutes × €0.10 = €0.30; a re-burn €0.05 a changed minute (migration 0028's default).
const SECONDS = 140;
const UPLOAD_CENTS = 30;
const clip = await makeClip('reburn-140s.mp4', { seconds: SECONDS, width: 320, height: 180 });
const cues = (middle: string, end = 'At the end') =>
  `1\n00:00:05,000 --> 00:00:08,000\nAt the start\n\n2\n00:01:10,000 --> 00:01:13,000\n${middle}\n\n3\n00:02:00,000 --> 00:02:03,000\n${end}\n`;

const videoRow = (videoId: number) =>
  db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();

/** No worker runs here: queued jobs are dropped and burns are run by hand, as a worker would run them. */
const dropQueuedJobs = () =>
  sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(db);

async function burn(videoId: number) {
  await dropQueuedJobs();
  await planBurnIn(services, videoId);
  const latest = await db
    .selectFrom('burn_ins')
    .select('id')
    .where('video_id', '=', videoId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const segments = await db
    .selectFrom('burn_in_segments')
    .select(['index', 'done'])
    .where('burn_in_id', '=', latest.id)
    .orderBy('index')
    .execute();
  for (const segment of segments.filter((row) => !row.done))
    await burnSegment(services, { videoId, burnInId: latest.id, index: segment.index });
  await joinBurnedSegments(services, { videoId, burnInId: latest.id });
  return segments.map((segment) => segment.done);
}

/** A burned video of a new company holding `euros`, with both free revisions used (or `free` left). */
async function burnedVideo(name: string, { euros = 1, free = 0 } = {}) {
  const user = await payingUser(call, name, euros);
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, 'reburn.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'reburn.srt', content: Buffer.from(cues('In the middle')) },
  ]);
  await burn(videoId);
  // The free revisions, each waved through to completion without burning (the segments stay the first burn's).
  for (let used = 0; used < 2 - free; used++) {
    expect((await uploadSrt(user.token, videoId, cues(`Free edit ${used}`))).status).toBe(200);
    await markBurned(videoId);
  }
  return { user, videoId, trpc: testCaller(app, user.token) };
}

async function markBurned(videoId: number) {
  await dropQueuedJobs();
  await db.updateTable('videos').set({ hardcoded_status: 'completed' }).where('id', '=', videoId).execute();
}

const uploadSrt = (token: string, videoId: number, srt: string) =>
  postMultipart(app, '/api/upload-srt', token, [
    { name: 'id', value: String(videoId) },
    { name: 'file', filename: 'edited.srt', content: Buffer.from(srt) },
  ]);

/** Saves `srt`'s cues as the editor's draft; answers its revision. */
async function saveDraft(trpc: ReturnType<typeof testCaller>, videoId: number, middle: string) {
  const opened = await trpc.query('editor.open', { id: videoId });
  const draft = opened.data.draft;
  const saved = await trpc.mutation('editor.saveDraft', {
    id: videoId,
    revision: draft?.revision ?? 0,
    ...(draft ? {} : { baseVersion: opened.data.latest.version }),
    cues: [
      { startMs: 5000, endMs: 8000, text: 'At the start' },
      { startMs: 70_000, endMs: 73_000, text: middle },
      { startMs: 120_000, endMs: 123_000, text: 'At the end' },
    ],
  });
  expect(saved.status, JSON.stringify(saved.error)).toBe(200);
  return saved.data.revision as number;
}

const reburnCharges = async (videoId: number) =>
  (await videoLedger(db, videoId)).filter(([kind], index) => kind === 'charge' && index > 0);

describe('the free revisions', () => {
  it('stay free and counted, and the third edited SRT is a re-burn charged for its changed segment only', async () => {
    const { user, videoId } = await burnedVideo('reburn-rest');
    const companyId = user.companyId ?? 0;
    expect(await videoLedger(db, videoId)).toEqual([['charge', -UPLOAD_CENTS]]);
    expect((await videoRow(videoId)).revisions).toBe(2);
    const before = await balanceCents(db, companyId);

    const response = await uploadSrt(user.token, videoId, cues('Bought in the middle'));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await videoLedger(db, videoId)).toEqual([
      ['charge', -UPLOAD_CENTS],
      ['charge', -5],
    ]);
    expect(await balanceCents(db, companyId)).toBe(before - 5);
    const entry = await db
      .selectFrom('credit_ledger')
      .select(['note', 'reference'])
      .where('video_id', '=', videoId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.note).toBe('Re-burn of reburn.mp4: 1 changed minute burned again');
    expect(entry.reference).toBe(`reburn:${videoId}:v3`);
    expect(await videoRow(videoId)).toMatchObject({ revisions: 2, hardcoded_status: 'polling' });

    // The burn it bought burns that segment alone, and delivers.
    expect(await burn(videoId)).toEqual([true, false, true]);
    const burned = await videoRow(videoId);
    expect(burned.hardcoded_status).toBe('completed');
    const probe = await services.storage.withLocalFile(burned.hardcoded_key ?? '', (file) => probeJson(file));
    expect(Math.abs(Number(probe.format.duration) - SECONDS)).toBeLessThanOrEqual(0.2);

    // The last cue alone: its segment, the last 50 s, is 1 started minute.
    const both = await uploadSrt(user.token, videoId, cues('Bought in the middle', 'A new end'));
    expect(both.status).toBe(200);
    expect((await videoLedger(db, videoId)).at(-1)).toEqual(['charge', -5]);
    await markBurned(videoId);
    const all = await uploadSrt(
      user.token,
      videoId,
      cues('Bought in the middle', 'A new end').replace('At the start', 'A new start'),
    );
    expect(all.status).toBe(200);
    // The first and last cues against the segments the last burn stored: 45 s + 50 s, 2 started minutes.
    expect((await videoLedger(db, videoId)).at(-1)).toEqual(['charge', -10]);
  });
});

describe('the editor', () => {
  it('quotes the changed segments with the balance, and charges the confirmed price only', async () => {
    const { user, videoId, trpc } = await burnedVideo('reburn-trpc');
    const revision = await saveDraft(trpc, videoId, 'Edited in the editor');
    const quote = await trpc.query('editor.reburnQuote', { id: videoId, revision });
    expect(quote.status, JSON.stringify(quote.error)).toBe(200);
    expect(quote.data).toMatchObject({
      priceCents: 5,
      changedSeconds: 45,
      totalSeconds: SECONDS,
      perMinuteCents: 5,
      free: false,
      balanceCents: await balanceCents(db, user.companyId ?? 0),
    });
    // Still at 2 / 2, "Save and burn in" is refused: a re-burn is bought.
    expect((await trpc.mutation('editor.saveAndBurnIn', { id: videoId, revision })).status).toBe(409);

    const stale = await trpc.mutation('editor.buyReburn', { id: videoId, revision, priceCents: 4 });
    expect(stale.status).toBe(409);
    expect(stale.error.message).toBe(
      'The re-burn now costs €0.05 (the subtitles or the price changed meanwhile); check the price and confirm again.',
    );
    expect(await reburnCharges(videoId)).toEqual([]);

    const bought = await trpc.mutation('editor.buyReburn', { id: videoId, revision, priceCents: 5 });
    expect(bought.status, JSON.stringify(bought.error)).toBe(200);
    expect(await reburnCharges(videoId)).toEqual([['charge', -5]]);
    expect(await videoRow(videoId)).toMatchObject({ revisions: 2, hardcoded_status: 'polling' });
  });
});

describe('a balance short of the re-burn', () => {
  it('answers 402 with the missing amount in a sentence, and changes nothing', async () => {
    // €0.32 pays the upload (€0.30) and leaves €0.02 of a re-burn's €0.05.
    const { user, videoId, trpc } = await burnedVideo('reburn-short', { euros: 0.32 });
    const versions = async () =>
      (await db.selectFrom('subtitle_versions').select('id').where('video_id', '=', videoId).execute())
        .length;
    const before = { versions: await versions(), ledger: await videoLedger(db, videoId) };

    const response = await uploadSrt(user.token, videoId, cues('Cannot afford this'));
    expect(response.status).toBe(402);
    expect(response.body.error.message).toBe(
      'This re-burn costs €0.05 and the balance is €0.02: €0.03 more is needed. Buy credits on the Balance page first.',
    );
    expect(response.body.error.details).toEqual({ missingCents: 3 });

    const revision = await saveDraft(trpc, videoId, 'Cannot afford this either');
    const bought = await trpc.mutation('editor.buyReburn', { id: videoId, revision, priceCents: 5 });
    expect(bought.status).toBe(402);
    expect(bought.error.message).toContain('€0.03 more is needed');

    expect({ versions: await versions(), ledger: await videoLedger(db, videoId) }).toEqual(before);
    expect(await videoRow(videoId)).toMatchObject({ hardcoded_status: 'completed', revisions: 2 });
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(2);
  });
});

describe('double clicks', () => {
  it('charge a re-burn once, over REST and tRPC at once, never with a server error', async () => {
    const ROUNDS = 10;
    const { user, videoId, trpc } = await burnedVideo('reburn-race', { euros: 5 });
    for (let round = 0; round < ROUNDS; round++) {
      const revision = await saveDraft(trpc, videoId, `Draft of round ${round}`);
      const clicks = [
        ...Array.from({ length: 3 }, () =>
          trpc.mutation('editor.buyReburn', { id: videoId, revision, priceCents: 5 }),
        ),
        ...Array.from({ length: 3 }, () => uploadSrt(user.token, videoId, cues(`Upload of round ${round}`))),
      ];
      const statuses = (await Promise.all(clicks)).map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.every((status) => status === 200 || status === 409),
        `round ${round}: ${statuses}`,
      ).toBe(true);
      expect(await reburnCharges(videoId)).toHaveLength(round + 1);
      await markBurned(videoId);
    }
    expect(new Set((await reburnCharges(videoId)).map(([, amount]) => amount))).toEqual(new Set([-5]));
    // Each of the 60 requests prices its re-burn with ffprobe first: slow on a busy machine.
  }, 180_000);
});

describe('a bought re-burn that fails', () => {
  it('is refunded once, however many times the failure is reported', async () => {
    const { user, videoId, trpc } = await burnedVideo('reburn-fails');
    const companyId = user.companyId ?? 0;
    const revision = await saveDraft(trpc, videoId, 'This burn will fail');
    const before = await balanceCents(db, companyId);
    expect((await trpc.mutation('editor.buyReburn', { id: videoId, revision, priceCents: 5 })).status).toBe(
      200,
    );
    expect(await balanceCents(db, companyId)).toBe(before - 5);

    const failure = {
      customer: 'The video with subtitles could not be made.',
      cause: 'test: ffmpeg exited 1',
    };
    await Promise.all(Array.from({ length: 3 }, () => failVideo(db, videoId, ['hardcoded_status'], failure)));
    await failVideo(db, videoId, ['hardcoded_status'], failure);
    expect(await videoLedger(db, videoId)).toEqual([
      ['charge', -UPLOAD_CENTS],
      ['charge', -5],
      ['refund', 5],
    ]);
    expect(await balanceCents(db, companyId)).toBe(before);
    expect((await videoRow(videoId)).failure_reason).toBe(
      'The video with subtitles could not be made. Your €0.05 was refunded.',
    );
  });
});
