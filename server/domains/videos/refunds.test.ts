import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import { FAILURE_TEXTS } from '../../../shared/schemas/videos';
import { freshDatabase } from '../../../test/support/database';
import type { SessionUser } from '../../http/session-user';
import { appendLedgerEntry } from '../ledger/service';
import { insertVideo } from '../uploads/repo';
import { failVideo } from './failure';
import { refundVideo } from './refunds';

const { db } = await freshDatabase();
const { id: adminId } = await db
  .insertInto('users')
  .values({ username: 'admin', email: 'admin@example.com', password_hash: 'x', role: 'Admin' })
  .returning('id')
  .executeTakeFirstOrThrow();
const admin: SessionUser = {
  id: adminId,
  username: 'admin',
  email: 'admin@example.com',
  role: 'Admin',
  companyId: null,
};

async function chargedVideo(priceCents = 30) {
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ name: 'Co' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await appendLedgerEntry(db, { companyId, kind: 'purchase', amountCents: cents(100) });
  const videoId = await insertVideo(db, {
    companyId,
    createdBy: adminId,
    mode: 'hardcode',
    filename: 'a.mp4',
    title: '',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 120,
    priceCents,
    sourceKey: 'videos/x/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await appendLedgerEntry(db, {
    companyId,
    kind: 'charge',
    amountCents: cents(-priceCents),
    videoId,
    reference: `video:${videoId}`,
  });
  return { companyId, videoId };
}

async function balance(companyId: number) {
  const row = await db
    .selectFrom('companies')
    .select('credits_cents')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.credits_cents);
}

describe('refunds', () => {
  it('refunds a failed video once, however often the failure is recorded', async () => {
    const { companyId, videoId } = await chargedVideo();
    const failure = { customer: FAILURE_TEXTS.video, cause: 'ffmpeg crashed' };
    await Promise.all([1, 2, 3].map(() => failVideo(db, videoId, ['hardcoded_status'], failure)));
    expect(await balance(companyId)).toBe(100);
    const video = await db
      .selectFrom('videos')
      .select(['hardcoded_status', 'failure_reason', 'failure_cause'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toEqual({
      hardcoded_status: 'failed',
      failure_reason: `${FAILURE_TEXTS.video} Your €0.30 was refunded.`,
      failure_cause: 'ffmpeg crashed',
    });
  });

  it('lets an admin refund within 2 days, once', async () => {
    const { companyId, videoId } = await chargedVideo();
    expect(await refundVideo(db, admin, videoId)).toEqual({ refundedCents: 30 });
    await expect(refundVideo(db, admin, videoId)).rejects.toThrow('already been refunded');
    expect(await balance(companyId)).toBe(100);
  });

  it('refuses after the 2-day window', async () => {
    const { companyId, videoId } = await chargedVideo();
    const later = new Date(Date.now() + 2 * 24 * 3600 * 1000 + 60_000);
    await expect(refundVideo(db, admin, videoId, later)).rejects.toThrow('refund window of 2 days');
    expect(await balance(companyId)).toBe(70);
  });

  it('does not refund a failed revision of a video that was delivered', async () => {
    const { companyId, videoId } = await chargedVideo();
    await db
      .updateTable('videos')
      .set({ hardcoded_key: 'videos/x/hardcoded.mp4' })
      .where('id', '=', videoId)
      .execute();
    await failVideo(db, videoId, ['hardcoded_status'], {
      customer: 'revision failed',
      cause: 'revision failed',
    });
    expect(await balance(companyId)).toBe(70);
  });
});
