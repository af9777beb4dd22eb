import type { ConversionUpdate } from '../../../shared/schemas/billing';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

const view = (row: { id: number; name: string; currency: string; rate: string }) => ({
  ...row,
  rate: Number(row.rate),
});

export async function listConversions(db: Db) {
  return (await repo.listAll(db)).map(view);
}

export async function getConversion(db: Db, id: number) {
  const row = await repo.findById(db, id);
  if (!row) throw new NotFound('Conversion');
  return view(row);
}

export async function updateConversion(db: Db, actor: SessionUser, id: number, update: ConversionUpdate) {
  return transaction(db, async (trx) => {
    const row = await repo.updateConversion(trx, id, update);
    if (!row) throw new NotFound('Conversion');
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} set conversion ${update.currency} to rate ${update.rate}`,
    );
    return view(row);
  });
}
