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
    .set({ ...values, review_needed: false, updated_at: new Date() })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export function insertMissingPages(
  db: Db,
  pages: { page: string; title: string; html: string; reviewNeeded?: boolean }[],
) {
  return db
    .insertInto('contents')
    .values(
      pages.map(({ page, title, html, reviewNeeded }) => ({
        page,
        title,
        html,
        review_needed: reviewNeeded ?? false,
      })),
    )
    .onConflict((conflict) => conflict.column('page').doNothing())
    .execute();
}

/** Replaces a page's text with a template to review, if the page still holds exactly `draft`. */
export function replaceUntouchedDraft(db: Db, page: string, draft: string, template: string) {
  return db
    .updateTable('contents')
    .set({ html: template, review_needed: true })
    .where('page', '=', page)
    .where('html', '=', draft)
    .execute();
}

/** The pages seeded from templates that no admin has saved yet. */
export function listNeedingReview(db: Db) {
  return db
    .selectFrom('contents')
    .select(['id', 'page', 'title'])
    .where('review_needed', '=', true)
    .orderBy('id')
    .execute();
}
