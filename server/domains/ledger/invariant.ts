import type { Db } from '../../db/database';
import { listBalancesDifferingFromLedger } from './repo';

export interface LedgerMismatch {
  companyId: number;
  balanceCents: number;
  ledgerSumCents: number;
}

/** Every company's balance must equal the sum of its ledger; answers the companies where it does not. */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const rows = await listBalancesDifferingFromLedger(db);
  return rows.map((row) => ({
    companyId: row.company_id,
    balanceCents: Number(row.balance),
    ledgerSumCents: Number(row.ledger_sum),
  }));
}
