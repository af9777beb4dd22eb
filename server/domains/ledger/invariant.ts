import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LedgerMismatch {
  companyId: number;
  balanceCents: number;
  ledgerSumCents: number;
}

/** Every company's balance must equal the sum of its ledger; answers the companies where it does not. */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const rows = await sql<{ company_id: number; balance: string; ledger_sum: string }>`
    select companies.id as company_id, companies.credits_cents as balance, coalesce(sum(entries.amount_cents), 0) as ledger_sum
      from companies
      left join credit_ledger entries on entries.company_id = companies.id
     group by companies.id
    having companies.credits_cents <> coalesce(sum(entries.amount_cents), 0)`.execute(db);
  return rows.rows.map((row) => ({
    companyId: row.company_id,
    balanceCents: Number(row.balance),
    ledgerSumCents: Number(row.ledger_sum),
  }));
}
