import { sql } from 'kysely';
import type { OutputLanguage } from '../../../shared/languages';
import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';
import type { LedgerKind } from '../../db/schema';

/** Inserts the entry; the database applies it to the company's balance and answers the balance after it. */
export function insertEntry(
  db: Db,
  entry: {
    companyId: number;
    kind: LedgerKind;
    amountCents: number;
    actorUserId: number | null;
    videoId: number | null;
    reference: string | null;
    note: string | null;
    language?: OutputLanguage | null;
  },
) {
  return db
    .insertInto('credit_ledger')
    .values({
      company_id: entry.companyId,
      kind: entry.kind,
      amount_cents: entry.amountCents,
      actor_user_id: entry.actorUserId,
      video_id: entry.videoId,
      reference: entry.reference,
      note: entry.note,
      language: entry.language ?? null,
    })
    .returning('balance_after_cents')
    .executeTakeFirstOrThrow();
}

/** The company's newest entries first, as its ledger screen shows them. */
export function listForCompany(db: Db, companyId: number, limit: number) {
  return companyRows(db, companyId)
    .selectFrom('credit_ledger')
    .leftJoin('videos', 'videos.id', 'credit_ledger.video_id')
    .select([
      'credit_ledger.id',
      'credit_ledger.kind',
      'credit_ledger.amount_cents',
      'credit_ledger.balance_after_cents',
      'credit_ledger.reference',
      'credit_ledger.note',
      'credit_ledger.video_id as videoId',
      'videos.title as videoTitle',
      // The added language a charge or refund was for (issue 40), null for the rest.
      'credit_ledger.language',
      'credit_ledger.created_at as createdAt',
    ])
    .orderBy('credit_ledger.id', 'desc')
    .limit(limit)
    .execute();
}

/** The companies whose balance differs from the sum of their ledger, with both numbers. */
export async function listBalancesDifferingFromLedger(db: Db) {
  const result = await sql<{ company_id: number; balance: string; ledger_sum: string }>`
    select companies.id as company_id, companies.credits_cents as balance, coalesce(sum(entries.amount_cents), 0) as ledger_sum
      from companies
      left join credit_ledger entries on entries.company_id = companies.id
     group by companies.id
    having companies.credits_cents <> coalesce(sum(entries.amount_cents), 0)`.execute(db);
  return result.rows;
}

/** The purchase a payment session credited, whichever company it went to; undefined while none has. */
export function findPurchaseByReference(db: Db, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['company_id', 'amount_cents'])
    .where('kind', '=', 'purchase')
    .where('reference', '=', reference)
    .executeTakeFirst();
}
