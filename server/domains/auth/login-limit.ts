import type { Db } from '../../db/database';

/** SPEC's client allows 5 attempts; the server holds the same line per account and per IP. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const keysOf = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];

export async function isLoginBlocked(db: Db, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', (eb) => eb.fn.countAll<string>().as('failures')])
    .where('key', 'in', keysOf(email, ip))
    .where('failed_at', '>', since)
    .groupBy('key')
    .execute();
  return rows.some((row) => Number(row.failures) >= MAX_LOGIN_FAILURES);
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(keysOf(email, ip).map((key) => ({ key })))
    .execute();
}

export async function forgetOldLoginFailures(db: Db): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))
    .execute();
}
