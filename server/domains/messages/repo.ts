import { type CompanyScope, companyRows, EVERY_COMPANY } from '../../access/repo';
import type { Db } from '../../db/database';

const columns = [
  'messages.id',
  'messages.title',
  'messages.message',
  'messages.company_id as companyId',
  'companies.name as companyName',
  'messages.created_at as createdAt',
  'messages.published_at as publishedAt',
] as const;

function base(db: Db, scope: CompanyScope) {
  return companyRows(db, scope)
    .selectFrom('messages')
    .innerJoin('companies', 'companies.id', 'messages.company_id');
}

/** Newest first, one page; `companyId` null means every company (the admin screen). */
export async function pageNewestFirst(db: Db, companyId: number | null, page: number, pageSize: number) {
  const scope = companyId ?? EVERY_COMPANY;
  const rows = base(db, scope).select(columns);
  const count = companyRows(db, scope)
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('total'));
  const [list, total] = await Promise.all([
    rows
      .orderBy('messages.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { messages: list, total: Number(total.total) };
}

/** Any company's message: the service answers another company's as not found (getMessage). */
export function findById(db: Db, id: number) {
  return base(db, EVERY_COMPANY).select(columns).where('messages.id', '=', id).executeTakeFirst();
}

export async function insertMessage(
  db: Db,
  message: { title: string; message: string; companyId: number; createdBy: number },
) {
  const row = await db
    .insertInto('messages')
    .values({
      title: message.title,
      message: message.message,
      company_id: message.companyId,
      created_by: message.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An admin's deletion, of any company's message. */
export function deleteMessage(db: Db, id: number) {
  return companyRows(db, EVERY_COMPANY)
    .deleteFrom('messages')
    .where('id', '=', id)
    .returning(['id', 'company_id as companyId'])
    .executeTakeFirst();
}

/** The company's message count, and how many of them are at most the newest one the user has seen. */
export async function countsForUser(db: Db, companyId: number, userId: number) {
  const row = await companyRows(db, companyId)
    .selectFrom('messages')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn
        .count<string>('messages.id')
        .filterWhere(
          'messages.id',
          '<=',
          eb.selectFrom('users').select('last_seen_message_id').where('users.id', '=', userId),
        )
        .as('seen'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.total), seen: Number(row.seen) };
}

/** Marks everything the company has now as seen by the user. */
export async function markAllSeen(db: Db, companyId: number, userId: number) {
  const newest = await companyRows(db, companyId)
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ last_seen_message_id: Number(newest?.id ?? 0) })
    .where('id', '=', userId)
    .execute();
}
