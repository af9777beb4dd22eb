import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import type { JobRunsTable } from '../server/db/schema';

export function upsertHeartbeats(db: Db, workerIds: string[], seenAt: Date) {
  return db
    .insertInto('worker_heartbeats')
    .values(workerIds.map((worker_id) => ({ worker_id, seen_at: seenAt })))
    .onConflict((conflict) => conflict.column('worker_id').doUpdateSet({ seen_at: seenAt }))
    .execute();
}

/** The workers holding jobs locked without a heartbeat in the last `seconds`. */
export async function findSilentLockingWorkers(db: Db, seconds: number): Promise<string[]> {
  const gone = await sql<{ locked_by: string }>`
    select distinct jobs.locked_by
      from graphile_worker.jobs
     where jobs.locked_by is not null
       and not exists (
         select 1 from worker_heartbeats beats
          where beats.worker_id = jobs.locked_by
            and beats.seen_at > now() - make_interval(secs => ${seconds})
       )`.execute(db);
  return gone.rows.map((row) => row.locked_by);
}

/** Graphile Worker's own way to give the jobs these workers locked back to the queue. */
export async function forceUnlockWorkers(db: Db, workerIds: string[]): Promise<void> {
  await sql`select graphile_worker.force_unlock_workers(${workerIds}::text[])`.execute(db);
}

export function deleteHeartbeatsBefore(db: Db, before: Date) {
  return db.deleteFrom('worker_heartbeats').where('seen_at', '<', before).execute();
}

/**
 * Records one attempt and adds it to its day's count and to the running totals of its duration
 * bucket (the index of the first bound at or above its duration), in one statement.
 */
export async function insertJobRun(db: Db, run: Insertable<JobRunsTable>, bounds: readonly number[]) {
  await sql`
    with run as (
      insert into job_runs (task, video_id, worker_id, attempt, outcome, error, started_at)
      values (${run.task}, ${run.video_id ?? null}, ${run.worker_id ?? null}, ${run.attempt}, ${run.outcome},
              ${run.error ?? null}, ${run.started_at})
      returning task, outcome, finished_at, date_part('epoch', finished_at - started_at) as seconds
    ), per_day as (
      insert into job_run_days (day, task, outcome, runs)
      select (finished_at at time zone 'UTC')::date, task, outcome, 1 from run
      on conflict (day, task, outcome) do update set runs = job_run_days.runs + 1
    )
    insert into job_run_totals (task, outcome, bucket, runs, seconds)
    select task, outcome,
           width_bucket(seconds, ${bounds as number[]}::float8[]) - (seconds = any(${bounds as number[]}::float8[]))::int,
           1, seconds
      from run
    on conflict (task, outcome, bucket)
      do update set runs = job_run_totals.runs + 1, seconds = job_run_totals.seconds + excluded.seconds`.execute(
    db,
  );
}
