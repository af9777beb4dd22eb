import type { OutputLanguage } from '../../../shared/languages';
import { type Cents, cents } from '../../../shared/money';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import type { LedgerKind } from '../../db/schema';
import { InsufficientCredits, NotFound } from '../../errors';
import { queueLowCreditsNoticeIfCrossed } from '../notices/service';
import * as repo from './repo';

export interface LedgerEntry {
  companyId: number;
  kind: LedgerKind;
  amountCents: Cents;
  actorUserId?: number | null;
  videoId?: number | null;
  reference?: string | null;
  note?: string | null;
  /** The added language a charge or refund was for (issue 40). */
  language?: OutputLanguage | null;
}

/**
 * Appends a ledger entry; the database applies it to the balance in the same statement. Call it
 * inside the transaction that does the work the money is for, after taking that transaction's locks
 * in the order of server/db/locks.ts (the company row first). Answers the balance after it.
 * The company row is locked here too (a no-op when the caller holds it), so concurrent entries
 * queue and a shortfall names its size; the balance's CHECK constraint stays the last guard.
 */
export async function appendLedgerEntry(db: Db, entry: LedgerEntry): Promise<Cents> {
  const company = await lockCompany(db, entry.companyId);
  if (!company) throw new NotFound('Company');
  const missing = -entry.amountCents - Number(company.credits_cents);
  if (missing > 0) throw new InsufficientCredits(missing);
  const row = await repo.insertEntry(db, {
    companyId: entry.companyId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    actorUserId: entry.actorUserId ?? null,
    videoId: entry.videoId ?? null,
    reference: entry.reference ?? null,
    note: entry.note ?? null,
    language: entry.language ?? null,
  });
  const balanceAfter = Number(row.balance_after_cents);
  await queueLowCreditsNoticeIfCrossed(db, entry.companyId, Number(company.credits_cents), balanceAfter);
  return cents(balanceAfter);
}

export async function ledgerOfCompany(db: Db, companyId: number, limit = 100) {
  const rows = await repo.listForCompany(db, companyId, limit);
  return rows.map(({ amount_cents, balance_after_cents, id, ...row }) => ({
    ...row,
    id: Number(id),
    amountCents: Number(amount_cents),
    balanceAfterCents: Number(balance_after_cents),
  }));
}

/** The company and amount a payment session credited, or null while the ledger has no such purchase. */
export async function purchaseOfSession(db: Db, sessionId: string) {
  const row = await repo.findPurchaseByReference(db, sessionId);
  return row ? { companyId: row.company_id, amountCents: cents(Number(row.amount_cents)) } : null;
}
