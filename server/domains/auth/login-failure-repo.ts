import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { LOGIN_FAILURE_LOCK_NAMESPACE } from '../../db/locks';

/**
 * Takes the transaction's advisory lock of each key, in the order given (the account, then the
 * address): logins of one account are checked and recorded one at a time.
 */
export async function lockFailureKeys(trx: Db, keys: string[]): Promise<void> {
  for (const key of keys)
    await sql`select pg_advisory_xact_lock(${LOGIN_FAILURE_LOCK_NAMESPACE}::int, hashtext(${key}))`.execute(
      trx,
    );
}

/** Records one failed login under each of `keys`; answers the rows' ids. */
export async function insertFailures(db: Db, keys: string[]): Promise<string[]> {
  const rows = await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteFailuresById(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

/**
 * The `n`-th newest failure under `key` since `since`, or null when there are fewer: while it is
 * inside the window, there are at least `n` failures in it.
 */
export async function nthNewestFailure(db: Db, key: string, since: Date, n: number): Promise<Date | null> {
  const row = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.failed_at ?? null;
}

export async function deleteFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}

export async function deleteFailuresOf(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}
