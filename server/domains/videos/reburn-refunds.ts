import { cents } from '../../../shared/money';
import { REBURN_TEXTS } from '../../../shared/schemas/videos';
import type { Db } from '../../db/database';
import { appendLedgerEntry } from '../ledger/service';
import * as repo from './repo';

/** The ledger reference of the re-burn that made this subtitle version: one charge, one refund. */
export const reburnReference = (videoId: number, version: number) => `reburn:${videoId}:v${version}`;

/**
 * A failed burn-in of a bought re-burn gets its charge back, once: the refund carries the charge's
 * reference, which the ledger's unique index holds to one. Runs in the failure's transaction, which
 * holds the company and the video. Answers the amount refunded (now or by an earlier report), or null.
 */
export async function refundFailedReburn(trx: Db, video: { id: number; company_id: number }) {
  const latest = await repo.latestSubtitle(trx, video.id);
  if (!latest) return null;
  const reference = reburnReference(video.id, latest.version);
  const charge = await repo.findCharge(trx, reference);
  if (!charge) return null;
  const amount = cents(-Number(charge.amount_cents));
  if (await repo.findRefund(trx, reference)) return amount; // refunded by an earlier report of this failure
  await appendLedgerEntry(trx, {
    companyId: video.company_id,
    kind: 'refund',
    amountCents: amount,
    videoId: video.id,
    reference,
    note: REBURN_TEXTS.refundNote,
  });
  return amount;
}
