import { LOGIN_ATTEMPTS_PER_VISIT } from '../../../../shared/limits';

/** PRODUCT.md §4: every submit counts; the 6th and later submits of one page visit are blocked. */
export function isLoginAttemptBlocked(attempt: number): boolean {
  return attempt > LOGIN_ATTEMPTS_PER_VISIT;
}
