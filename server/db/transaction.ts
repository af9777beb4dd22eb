import type { Db } from './database';

/** PostgreSQL aborts one of two transactions it cannot order: a serialization failure or a deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export function isRetryableConflict(error: unknown): boolean {
  return error instanceof Error && 'code' in error && RETRYABLE.has(String(error.code));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction. When PostgreSQL aborts it to break a deadlock or a serialization
 * conflict, nothing of it was kept, so it runs again, up to 5 times, after a short random pause
 * that grows with each attempt (so the two parties do not meet again in step). The lock order of
 * server/db/locks.ts keeps this rare; this keeps it from ever reaching a user as a server error.
 * `work` must keep its effects inside the transaction.
 */
export async function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      await pause(Math.random() * 10 * 2 ** attempt);
    }
  }
}
