import type { Db } from '../../db/database';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { publishEvent } from '../../realtime/event-hub';
import { appendLedgerEntry } from '../ledger/service';
import * as repo from './repo';

/** A failure that retrying cannot mend (the video, its audio or its subtitles are unusable). */
export class PermanentFailure extends Error {}

/**
 * A step failed for good: its statuses turn `failed` with a reason admins can read, and a video
 * that delivered nothing gets its charge back, once (the ledger's unique reference is the proof).
 */
export async function failVideo(
  db: Db,
  videoId: number,
  statuses: ('srt_status' | 'hardcoded_status')[],
  reason: string,
) {
  await transaction(db, async (trx) => {
    // The company, then the video (server/db/locks.ts); the ledger entry updates the company held.
    const video = await lockVideoOfCompany(trx, videoId);
    if (!video) return;
    await repo.markFailed(trx, videoId, statuses, reason);
    const reference = `video:${videoId}`;
    const refunded = await trx
      .selectFrom('credit_ledger')
      .select('id')
      .where('kind', '=', 'refund')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!refunded && !video.hardcoded_key && video.price_cents > 0) {
      await appendLedgerEntry(trx, {
        companyId: video.company_id,
        kind: 'refund',
        amountCents: video.price_cents,
        videoId,
        reference,
        note: reason.slice(0, 200),
      });
    }
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId });
  });
}
