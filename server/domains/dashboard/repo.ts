import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The admin dashboard's figures, each aggregated in PostgreSQL over the period's rows only
 * (migrations 0017 and 0025: indexes on the creation and finishing times), so 100,000 videos stay fast.
 */

export async function minutesByDayAndMode(db: Db, since: Date) {
  const result = await sql<{ day: string; mode: string; minutes: number }>`
    select day::text as day, mode, minutes from (
      select (created_at at time zone 'UTC')::date as day, mode, (sum(duration_seconds) / 60.0)::float8 as minutes
        from videos
       where created_at >= ${since}
         -- Delivered: the burned video, or for audio alone (nothing to burn) the subtitles.
         and (hardcoded_status = 'completed' or (hardcoded_status = 'not_applicable' and srt_status = 'completed'))
       group by 1, 2
    ) per_day`.execute(db);
  return result.rows;
}

export async function moneyByDayAndKind(db: Db, since: Date) {
  const result = await sql<{ day: string; kind: string; cents: number }>`
    select day::text as day, kind, cents from (
      select (created_at at time zone 'UTC')::date as day, kind, abs(sum(amount_cents))::float8 as cents
        from credit_ledger
       where created_at >= ${since} and kind in ('purchase', 'charge', 'refund')
       group by 1, 2
    ) per_day`.execute(db);
  return result.rows;
}

/** Attempts that ended the job (completed, or failed for good) per task, from the daily counts; retries are not endings. */
export async function jobEndingsByTask(db: Db, sinceDay: string) {
  const result = await sql<{ task: string; runs: number; failed: number }>`
    select task, sum(runs)::int as runs, (coalesce(sum(runs) filter (where outcome = 'failed'), 0))::int as failed
      from job_run_days
     where day >= ${sinceDay}::date and outcome in ('completed', 'failed')
     group by task`.execute(db);
  return result.rows;
}

export async function queueCounts(db: Db) {
  const result = await sql<{ waiting: number; running: number }>`
    select (count(*) filter (where locked_at is null and attempts < max_attempts))::int as waiting,
           (count(*) filter (where locked_at is not null))::int as running
      from graphile_worker.jobs`.execute(db);
  return result.rows[0] ?? { waiting: 0, running: 0 };
}

export async function failedSince(db: Db, since: Date, shown: number) {
  const [count, latest] = await Promise.all([
    sql<{ failed: number }>`
      select count(*)::int as failed from job_runs
       where finished_at >= ${since} and outcome = 'failed'`.execute(db),
    sql<{ task: string; video_id: number | null; error: string | null; finished_at: Date }>`
      select task, video_id, error, finished_at from job_runs
       where finished_at >= ${since} and outcome = 'failed'
       order by finished_at desc limit ${shown}`.execute(db),
  ]);
  return { failed: count.rows[0]?.failed ?? 0, latest: latest.rows };
}

/** Workers with a recent heartbeat and the jobs each holds now. */
export async function workersWithJobs(db: Db, aliveSeconds: number) {
  const result = await sql<{
    worker_id: string;
    seen_at: Date;
    task: string | null;
    payload: unknown;
    locked_at: Date | null;
  }>`
    select beats.worker_id, beats.seen_at, jobs.task_identifier as task, private.payload, jobs.locked_at
      from worker_heartbeats beats
      left join graphile_worker.jobs jobs on jobs.locked_by = beats.worker_id
      -- Graphile Worker's view leaves the payload out; the video a job is about is in it.
      left join graphile_worker._private_jobs private on private.id = jobs.id
     where beats.seen_at > now() - make_interval(secs => ${aliveSeconds})
     order by beats.worker_id, jobs.locked_at`.execute(db);
  return result.rows;
}

export function lowestBalances(db: Db, shown: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'credits_cents'])
    .orderBy('credits_cents', 'asc')
    .orderBy('id', 'asc')
    .limit(shown)
    .execute();
}
