import { REFUND_WINDOW_DAYS } from '../../../shared/limits';
import { cents, formatEuros } from '../../../shared/money';
import type { Db } from '../../db/database';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { recordAudit } from '../audit/service';
import { appendLedgerEntry } from '../ledger/service';
import * as repo from './repo';

const WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** PRODUCT.md §4: a refund is available within 2 days of the upload; an admin grants it, once. */
export async function refundVideo(db: Db, actor: SessionUser, videoId: number, now = new Date()) {
  return transaction(db, async (trx) => {
    // The company, then the video (server/db/locks.ts); the ledger entry updates the company held.
    const video = await lockVideoOfCompany(trx, videoId);
    if (!video) throw new NotFound('Video');
    if (now.getTime() - video.created_at.getTime() > WINDOW_MS) {
      throw new Conflict(`The refund window of ${REFUND_WINDOW_DAYS} days has passed for this video.`);
    }
    const reference = `video:${videoId}`;
    if (await repo.findRefund(trx, reference)) throw new Conflict('This video has already been refunded.');
    if (video.price_cents === 0) throw new Conflict('This video was free; there is nothing to refund.');
    await appendLedgerEntry(trx, {
      companyId: video.company_id,
      kind: 'refund',
      amountCents: cents(video.price_cents),
      actorUserId: actor.id,
      videoId,
      reference,
      note: 'refunded by an admin',
    });
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} refunded ${formatEuros(video.price_cents)} for video ${videoId} (${video.filename}) to company ${video.company_id}`,
    );
    return { refundedCents: video.price_cents };
  });
}
