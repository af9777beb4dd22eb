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

function base(db: Db) {
  return db.selectFrom('messages').innerJoin('companies', 'companies.id', 'messages.company_id');
}

/** Newest first, one page; `companyId` null means every company (the admin screen). */
export async function pageNewestFirst(db: Db, companyId: number | null, page: number, pageSize: number) {
  let rows = base(db).select(columns);
  let count = db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('total'));
  if (companyId !== null) {
    rows = rows.where('messages.company_id', '=', companyId);
    count = count.where('company_id', '=', companyId);
  }
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

export function findById(db: Db, id: number) {
  return base(db).select(columns).where('messages.id', '=', id).executeTakeFirst();
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

export function deleteMessage(db: Db, id: number) {
  return db
    .deleteFrom('messages')
    .where('id', '=', id)
    .returning(['id', 'company_id as companyId'])
    .executeTakeFirst();
}

export async function countForCompany(db: Db, companyId: number) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function seenCount(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('messages_seen_count')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.messages_seen_count ?? 0;
}

export function setSeenCount(db: Db, userId: number, count: number) {
  return db.updateTable('users').set({ messages_seen_count: count }).where('id', '=', userId).execute();
}
