import type { Db } from '../../db/database';
import {
  deleteFailuresBefore,
  deleteFailuresOf,
  insertFailures,
  nthNewestFailure,
} from './login-failure-repo';

/** PRODUCT.md §9: an account is locked after 5 failed logins in 15 minutes. */
export const MAX_LOGIN_FAILURES = 5;
/**
 * An address is held to far more: an office, a university or a mobile carrier puts many people
 * behind one, and one person's typos must not lock out the rest.
 */
export const MAX_ADDRESS_FAILURES = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const accountKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** When the `max`-th newest failure leaves the window, fewer than `max` remain: the lock ends then. */
async function lockedUntil(db: Db, key: string, max: number, now: number): Promise<Date | null> {
  const nth = await nthNewestFailure(db, key, new Date(now - LOGIN_FAILURE_WINDOW_MS), max);
  return nth ? new Date(nth.getTime() + LOGIN_FAILURE_WINDOW_MS) : null;
}

/**
 * Until when a login to `email` from `ip` is refused, or null when it is not. The account locks
 * after 5 failures from anywhere; the address after 100, and then only for accounts that have
 * failed from somewhere themselves, so a login to an account nobody guessed at always goes through.
 */
export async function loginLockedUntil(
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
): Promise<Date | null> {
  const account = await lockedUntil(db, accountKey(email), MAX_LOGIN_FAILURES, now);
  if (account) return account;
  const accountHasFailed = await nthNewestFailure(
    db,
    accountKey(email),
    new Date(now - LOGIN_FAILURE_WINDOW_MS),
    1,
  );
  return accountHasFailed ? lockedUntil(db, addressKey(ip), MAX_ADDRESS_FAILURES, now) : null;
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await insertFailures(db, [accountKey(email), addressKey(ip)]);
}

export async function forgetOldLoginFailures(db: Db): Promise<void> {
  await deleteFailuresBefore(db, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS));
}

/** The owner proved the address is theirs (a password reset by e-mail): the account's lock ends. */
export async function forgetAccountFailures(db: Db, email: string): Promise<void> {
  await deleteFailuresOf(db, accountKey(email));
}
