import type { ConversionUpdate } from '../../../shared/schemas/billing';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import { recordAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

const view = (row: { id: number; name: string; currency: string; rate: string }) => ({
  ...row,
  rate: Number(row.rate),
});

export async function listConversions(db: Db) {
  return (
    await db.selectFrom('conversions').select(['id', 'name', 'currency', 'rate']).orderBy('id').execute()
  ).map(view);
}

export async function getConversion(db: Db, id: number) {
  const row = await db
    .selectFrom('conversions')
    .select(['id', 'name', 'currency', 'rate'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('Conversion');
  return view(row);
}

export async function updateConversion(db: Db, actor: SessionUser, id: number, update: ConversionUpdate) {
  return transaction(db, async (trx) => {
    const row = await trx
      .updateTable('conversions')
      .set(update)
      .where('id', '=', id)
      .returning(['id', 'name', 'currency', 'rate'])
      .executeTakeFirst();
    if (!row) throw new NotFound('Conversion');
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} set conversion ${update.currency} to rate ${update.rate}`,
    );
    return view(row);
  });
}
