import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import {
  deleteFailuresBefore,
  deleteFailuresById,
  deleteFailuresOf,
  insertFailures,
  lockFailureKeys,
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
async function loginLockedUntil(db: Db, email: string, ip: string, now = Date.now()): Promise<Date | null> {
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

/** A login under way: refused, or counted as a failure until its password proves right. */
export type LoginAttempt = { lockedUntil: Date } | { failureIds: string[] };

/**
 * Checks the lock and counts the attempt as a failure in one transaction, holding the account's
 * (then the address's) advisory lock: logins of one account that arrive at once (a tRPC batch,
 * parallel requests) are checked one after another, each seeing the ones before it, so the sixth
 * is refused whatever the timing. The password is checked after, without the lock; a right one
 * takes the attempt back (`loginSucceeded`).
 */
export function beginLoginAttempt(db: Db, email: string, ip: string): Promise<LoginAttempt> {
  const keys = [accountKey(email), addressKey(ip)];
  return transaction(db, async (trx) => {
    await lockFailureKeys(trx, keys);
    const lockedUntil = await loginLockedUntil(trx, email, ip);
    if (lockedUntil) return { lockedUntil };
    return { failureIds: await insertFailures(trx, keys) };
  });
}

/** The password was right: the attempt was no failure. */
export async function loginSucceeded(db: Db, attempt: { failureIds: string[] }): Promise<void> {
  await deleteFailuresById(db, attempt.failureIds);
}

export async function forgetOldLoginFailures(db: Db): Promise<void> {
  await deleteFailuresBefore(db, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS));
}

/** The owner proved the address is theirs (a password reset by e-mail): the account's lock ends. */
export async function forgetAccountFailures(db: Db, email: string): Promise<void> {
  await deleteFailuresOf(db, accountKey(email));
}
