import type { ConversionUpdate } from '../../../shared/schemas/billing';
import type { Db } from '../../db/database';

const columns = ['id', 'name', 'currency', 'rate'] as const;

export function listAll(db: Db) {
  return db.selectFrom('conversions').select(columns).orderBy('id').execute();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('conversions').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Answers the updated row, or undefined when there is no conversion `id`. */
export function updateConversion(db: Db, id: number, update: ConversionUpdate) {
  return db.updateTable('conversions').set(update).where('id', '=', id).returning(columns).executeTakeFirst();
}
