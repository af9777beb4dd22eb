import type { Db } from '../../db/database';

const columns = ['id', 'page', 'title', 'html'] as const;

export function listForAdminOverview(db: Db) {
  return db.selectFrom('contents').select(columns).orderBy('id').execute();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('contents').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findByPage(db: Db, page: string) {
  return db.selectFrom('contents').select(columns).where('page', '=', page).executeTakeFirst();
}

export function updateTitleAndHtml(db: Db, id: number, values: { title: string; html: string }) {
  return db
    .updateTable('contents')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export function insertMissingPages(db: Db, pages: { page: string; title: string; html: string }[]) {
  return db
    .insertInto('contents')
    .values(pages)
    .onConflict((conflict) => conflict.column('page').doNothing())
    .execute();
}
