import type { Db } from '../../db/database';

export function insertApiToken(
  db: Db,
  token: { userId: number; name: string; tokenHash: string; expiresAt: Date | null },
) {
  return db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
    })
    .returning([
      'id',
      'name',
      'expires_at as expiresAt',
      'last_used_at as lastUsedAt',
      'created_at as createdAt',
    ])
    .executeTakeFirstOrThrow();
}

export function listApiTokensOfUser(db: Db, userId: number) {
  return db
    .selectFrom('api_tokens')
    .select([
      'id',
      'name',
      'expires_at as expiresAt',
      'last_used_at as lastUsedAt',
      'created_at as createdAt',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the token only when it is `userId`'s; answers its name, or undefined. */
export async function deleteApiTokenOfUser(db: Db, userId: number, id: number) {
  return db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('name')
    .executeTakeFirst();
}

export function findApiTokenWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as tokenId',
      'api_tokens.expires_at as expiresAt',
      'api_tokens.last_used_at as lastUsedAt',
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.company_id as companyId',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function touchApiToken(db: Db, id: number, at: Date) {
  return db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** The token's expiry and its user's company now: a live stream asks whether it may go on. */
export function findApiTokenHolder(db: Db, tokenId: number) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['api_tokens.expires_at as expiresAt', 'users.company_id as companyId'])
    .where('api_tokens.id', '=', tokenId)
    .executeTakeFirst();
}

/** Every token of the user goes (a password reset, a removal from the company); answers how many. */
export async function deleteAllApiTokensOfUser(db: Db, userId: number) {
  const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
