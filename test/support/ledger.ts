import type { Db } from '../../server/db/database';

/** A video's ledger entries in order, as [kind, cents]: `[['charge', -10], ['refund', 10]]`. */
export async function videoLedger(db: Db, videoId: number): Promise<[string, number][]> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}
