import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export function addAdmin(db: Db, companyId: number, userId: number) {
  return db
    .insertInto('company_admins')
    .values({ company_id: companyId, user_id: userId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function isAdminOf(db: Db, companyId: number, userId: number) {
  const row = await companyRows(db, companyId)
    .selectFrom('company_admins')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The user is admin of no company but `keepCompanyId` (none when null): a removal leaves no admin entry behind. */
export function removeAdminEntriesOf(db: Db, userId: number, keepCompanyId: number | null) {
  let query = db.deleteFrom('company_admins').where('user_id', '=', userId);
  if (keepCompanyId !== null) query = query.where('company_id', '<>', keepCompanyId);
  return query.execute();
}
