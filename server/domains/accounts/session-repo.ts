import type { Db } from '../../db/database';

export function insertSession(db: Db, session: { id: string; userId: number; expiresAt: Date }) {
  return db
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt })
    .execute();
}

export function findSessionWithUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.company_id as companyId',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export function extendSession(db: Db, sessionId: string, expiresAt: Date) {
  return db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export function deleteSession(db: Db, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function deleteOtherSessionsOfUser(db: Db, userId: number, keepSessionId: string | null) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  return query.execute();
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The session's expiry and its user's company now: a live stream asks whether it may go on. */
export function findSessionHolder(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.expires_at as expiresAt', 'users.company_id as companyId'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}
