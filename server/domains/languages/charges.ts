import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../shared/languages';
import { type Cents, cents, formatEuros } from '../../../shared/money';
import type { Db } from '../../db/database';
import { InsufficientCredits } from '../../errors';
import { appendLedgerEntry } from '../ledger/service';
import * as jobRepo from './job-repo';
import * as repo from './repo';

/**
 * The charges of an added language (issue 40): its translation, and its burned video. Each reference
 * names the video, the language and the attempt (`language:12:fr:1`), so a language added again after
 * it failed is a new charge, and its refund (`refund:` before the charge's reference) comes once.
 */
export type LanguageProduct = 'translation' | 'burn';

const PREFIX: Record<LanguageProduct, string> = { translation: 'language', burn: 'language-burn' };

const referencePrefix = (product: LanguageProduct, videoId: number, language: OutputLanguage) =>
  `${PREFIX[product]}:${videoId}:${language}:`;

export const refundReference = (chargeReference: string) => `refund:${chargeReference}`;

const NOTES: Record<LanguageProduct, (filename: string, language: string) => string> = {
  translation: (filename, language) => `Subtitles of ${filename} translated into ${language}`,
  burn: (filename, language) => `${filename} burned in with its ${language} subtitles`,
};

/** A balance short of the price is refused with the amounts, before anything is written. */
export function assertAffordable(priceCents: number, balanceCents: number) {
  const missing = priceCents - balanceCents;
  if (missing > 0)
    throw new InsufficientCredits(
      missing,
      `This costs ${formatEuros(priceCents)} and the balance is ${formatEuros(balanceCents)}: ${formatEuros(missing)} more is needed.`,
    );
}

/**
 * Charges one product of a language inside the transaction that queues its work, which holds the
 * company row already (server/db/locks.ts). A balance short of the price is refused with the amounts.
 */
export async function chargeLanguage(
  trx: Db,
  charge: {
    product: LanguageProduct;
    companyId: number;
    balanceCents: number;
    userId: number;
    videoId: number;
    language: OutputLanguage;
    filename: string;
    priceCents: Cents;
  },
) {
  if (charge.priceCents === 0) return;
  assertAffordable(charge.priceCents, charge.balanceCents);
  const prefix = referencePrefix(charge.product, charge.videoId, charge.language);
  const attempt =
    (await repo.countCharges(trx, charge.companyId, charge.videoId, charge.language, prefix)) + 1;
  await appendLedgerEntry(trx, {
    companyId: charge.companyId,
    kind: 'charge',
    amountCents: cents(-charge.priceCents),
    actorUserId: charge.userId,
    videoId: charge.videoId,
    reference: `${prefix}${attempt}`,
    note: NOTES[charge.product](charge.filename, OUTPUT_LANGUAGES[charge.language]).slice(0, 200),
    language: charge.language,
  });
}

/**
 * Refunds the newest charge of one product of a language, once: inside a transaction holding the
 * company and the video (server/db/locks.ts). Answers the cents refunded, or null when nothing was.
 */
export async function refundLanguage(
  trx: Db,
  refund: { product: LanguageProduct; videoId: number; language: OutputLanguage; note: string },
): Promise<Cents | null> {
  const prefix = referencePrefix(refund.product, refund.videoId, refund.language);
  const charge = await jobRepo.newestCharge(trx, refund.videoId, refund.language, prefix);
  if (!charge?.reference) return null;
  const reference = refundReference(charge.reference);
  if (await jobRepo.findRefund(trx, reference)) return null;
  const amount = cents(-Number(charge.amount_cents));
  await appendLedgerEntry(trx, {
    companyId: charge.company_id,
    kind: 'refund',
    amountCents: amount,
    videoId: refund.videoId,
    reference,
    note: refund.note.slice(0, 200),
    language: refund.language,
  });
  return amount;
}
