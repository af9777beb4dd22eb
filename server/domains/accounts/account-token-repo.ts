import type { Db } from '../../db/database';
import type { AccountTokensTable } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { generateSessionToken, sessionIdOf } from '../../http/session-token';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface TokenRequest {
  userId: number;
  purpose: AccountTokenPurpose;
  email: string;
  lifetimeMs: number;
}

/**
 * A new single-use link token for the user; earlier unused ones of the same purpose stop working,
 * so only the latest e-mail's link opens anything. Only the token's SHA-256 is stored. The user's
 * row is locked first, so two links issued at once are issued one after the other: the second one
 * ends the first, and `maxPerHour` (links of this purpose in the last hour) is never outrun. Answers
 * null when that many were issued already.
 */
export function issueAccountToken(
  db: Db,
  input: TokenRequest & { maxPerHour: number },
): Promise<string | null>;
export function issueAccountToken(db: Db, input: TokenRequest): Promise<string>;
export function issueAccountToken(
  db: Db,
  input: TokenRequest & { maxPerHour?: number },
): Promise<string | null> {
  return transaction(db, async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    if (
      input.maxPerHour !== undefined &&
      (await tokensIssuedSince(trx, input.userId, input.purpose, hourAgo)) >= input.maxPerHour
    )
      return null;
    const token = generateSessionToken();
    await retireAccountTokens(trx, input.userId, input.purpose);
    await trx
      .insertInto('account_tokens')
      .values({
        id: sessionIdOf(token),
        user_id: input.userId,
        purpose: input.purpose,
        email: input.email,
        expires_at: new Date(Date.now() + input.lifetimeMs),
        used_at: null,
      })
      .execute();
    return token;
  });
}

/** The mail carrying this link could not be sent: the profile says so instead of "we sent". */
export function markAccountTokenMailFailed(db: Db, token: string) {
  return db
    .updateTable('account_tokens')
    .set({ mail_failed_at: new Date() })
    .where('id', '=', sessionIdOf(token))
    .execute();
}

/**
 * The address of the user's latest confirmation link when its mail could not be sent, else null
 * (no link, a later link, or a link whose mail went out).
 */
export async function failedVerificationMailOf(db: Db, userId: number): Promise<string | null> {
  const latest = await db
    .selectFrom('account_tokens')
    .select(['email', 'mail_failed_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_verification')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.mail_failed_at ? latest.email : null;
}

/** The user's unused links of this purpose stop working (a newer one was sent, or the password was set). */
export function retireAccountTokens(db: Db, userId: number, purpose: AccountTokenPurpose) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses the token up in one statement: two requests with one link cannot both get through. */
export function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', sessionIdOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id as userId', 'email'])
    .executeTakeFirst();
}

/** Whether the token would still be accepted (the reset screen says so before the user types). */
export async function accountTokenUsable(db: Db, token: string, purpose: AccountTokenPurpose) {
  const row = await db
    .selectFrom('account_tokens')
    .select('id')
    .where('id', '=', sessionIdOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Boolean(row);
}

/** Links of this purpose sent to the user in the last hour: a mailbox gets only so many. */
async function tokensIssuedSince(db: Db, userId: number, purpose: AccountTokenPurpose, since: Date) {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function accountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function accountForVerification(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Confirms the address only while it is still the user's (not one changed to since the link). */
export async function markEmailVerified(db: Db, userId: number, email?: string) {
  let query = db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId);
  if (email !== undefined) query = query.where('email', '=', email);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
