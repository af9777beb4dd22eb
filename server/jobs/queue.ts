import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { JobDefinition } from './catalog';

/**
 * Queues a job of the catalog (server/jobs/catalog.ts) through Graphile Worker's SQL API, so it
 * commits or rolls back with the transaction `db` belongs to: a video row, its charge and its first
 * job exist together or not at all. The payload is checked by the job's schema and the job key is
 * built from it, so a waiting job of the same key is replaced rather than run twice.
 */
export async function enqueue<Schema extends z.ZodType>(
  db: Db,
  job: JobDefinition<string, Schema>,
  payload: z.input<Schema>,
): Promise<void> {
  const parsed = job.payload.parse(payload);
  await sql`select graphile_worker.add_job(
    ${job.name},
    ${JSON.stringify(parsed)}::json,
    max_attempts => ${job.maxAttempts}::int,
    job_key => ${job.key(parsed)}::text,
    priority => ${job.priority ?? 0}::int
  )`.execute(db);
}

/**
 * Takes a video's waiting jobs of these tasks off the queue (Graphile Worker's remove_job): a job
 * waiting is deleted, and one running now is never run again, whatever its attempts left.
 */
export async function removeVideoJobs(db: Db, videoId: number, taskNames: readonly string[]): Promise<void> {
  await sql`select graphile_worker.remove_job(jobs.key)
    from graphile_worker._private_jobs jobs
    join graphile_worker._private_tasks tasks on tasks.id = jobs.task_id
    where jobs.key is not null
      and tasks.identifier = any(${[...taskNames]}::text[])
      and jobs.payload->>'videoId' = ${String(videoId)}`.execute(db);
}
