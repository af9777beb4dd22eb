import { sql } from 'kysely';
import type { PayloadOf, TaskName } from '../../worker/tasks';
import type { Db } from '../db/database';

export interface EnqueueOptions {
  /** A job with the same key replaces a waiting one instead of running twice. */
  jobKey?: string;
  maxAttempts?: number;
}

/** Transient failures (a busy disk, a restarted database) get a few tries with Graphile's backoff. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * Queues a job through Graphile Worker's SQL API, so it commits or rolls back with the transaction
 * `db` belongs to: a video row, its charge and its first job exist together or not at all.
 */
export async function enqueue<Name extends TaskName>(
  db: Db,
  name: Name,
  payload: PayloadOf<Name>,
  options: EnqueueOptions = {},
): Promise<void> {
  await sql`select graphile_worker.add_job(
    ${name},
    ${JSON.stringify(payload)}::json,
    max_attempts => ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    job_key => ${options.jobKey ?? null}::text
  )`.execute(db);
}
