import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export async function insertCompany(db: Db, company: { name: string; address: string }) {
  const row = await db
    .insertInto('companies')
    .values({ name: company.name, address: company.address })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function exists(db: Db, companyId: number) {
  const row = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  return Boolean(row);
}

const columns = ['id', 'name', 'address', 'credits_cents'] as const;

export async function findWithAdmins(db: Db, companyId: number) {
  const company = await db
    .selectFrom('companies')
    .select(columns)
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return undefined;
  const admins = await companyRows(db, companyId).selectFrom('company_admins').select('user_id').execute();
  return { ...company, adminIds: admins.map((admin) => admin.user_id) };
}

export async function pageForAdminOverview(db: Db, page: number, pageSize: number, sort: 'name' | 'id') {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('companies')
      .select(columns)
      .orderBy(sort)
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function listForDropdown(db: Db) {
  return db.selectFrom('companies').select(columns).orderBy('name').execute();
}

export function updateNameAndAddress(db: Db, companyId: number, values: { name: string; address: string }) {
  return db
    .updateTable('companies')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** Locks the company to delete it: step 1 of server/db/locks.ts, in the mode a DELETE takes. */
export function lockForDelete(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'credits_cents'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countVideos(db: Db, companyId: number) {
  const row = await companyRows(db, companyId)
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function deleteCompany(db: Db, companyId: number) {
  return db.deleteFrom('companies').where('id', '=', companyId).executeTakeFirst();
}
