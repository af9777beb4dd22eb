import type { Db } from '../../db/database';

export interface AuditEntry {
  action: string;
  userId: number | null;
  userEmail: string | null;
  clientReported?: boolean;
}

export function insertEntry(db: Db, entry: AuditEntry) {
  return db
    .insertInto('audit_trail')
    .values({
      action: entry.action,
      user_id: entry.userId,
      user_email: entry.userEmail,
      client_reported: entry.clientReported ?? false,
    })
    .execute();
}

export async function pageForAuditScreen(db: Db, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_trail')
      .select([
        'id',
        'action',
        'user_email as userEmail',
        'client_reported as clientReported',
        'created_at as createdAt',
      ])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_trail')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id) })), total: Number(count.total) };
}
