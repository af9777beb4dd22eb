import type { Db } from '../../db/database';

/** Records one failed login under each of `keys`. */
export async function insertFailures(db: Db, keys: string[]): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key })))
    .execute();
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
