import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** What the database says about the whole system at scrape time, whichever process did the work. */

export interface QueueRow {
  task: string;
  waiting: number;
  running: number;
  failed: number;
  oldest_waiting_seconds: number | null;
}

/** Graphile Worker's jobs now: ready or scheduled, locked by a worker, out of attempts. */
export async function queueByTask(db: Db): Promise<QueueRow[]> {
  const result = await sql<QueueRow>`
    select task_identifier as task,
           (count(*) filter (where locked_at is null and attempts < max_attempts))::int as waiting,
           (count(*) filter (where locked_at is not null))::int as running,
           (count(*) filter (where locked_at is null and attempts >= max_attempts))::int as failed,
           extract(epoch from now() - min(run_at) filter (
             where locked_at is null and attempts < max_attempts and run_at <= now()
           ))::float8 as oldest_waiting_seconds
      from graphile_worker.jobs
     group by task_identifier`.execute(db);
  return result.rows;
}

export async function workersAlive(db: Db, withinSeconds: number): Promise<number> {
  const result = await sql<{ alive: number }>`
    select count(*)::int as alive from worker_heartbeats
     where seen_at > now() - make_interval(secs => ${withinSeconds})`.execute(db);
  return result.rows[0]?.alive ?? 0;
}

export interface JobDurationRow {
  task: string;
  outcome: string;
  /** Runs at or below each bound, in the order of the bounds. */
  at_or_below: number[];
  seconds: number;
}

/** Every recorded job attempt, as cumulative counts per duration bound, from the running totals. */
export async function jobDurations(db: Db, bounds: readonly number[]): Promise<JobDurationRow[]> {
  const rows = await db
    .selectFrom('job_run_totals')
    .select(['task', 'outcome', 'bucket', 'runs', 'seconds'])
    .execute();
  return cumulativeByBound(
    rows.map((row) => ({ ...row, runs: Number(row.runs) })),
    bounds.length,
  );
}

/** Counts per bucket index into each (task, outcome)'s cumulative counts at or below every bound. */
export function cumulativeByBound(
  rows: readonly { task: string; outcome: string; bucket: number; runs: number; seconds: number }[],
  boundCount: number,
): JobDurationRow[] {
  const series = new Map<string, JobDurationRow>();
  for (const row of rows) {
    const key = `${row.task}\n${row.outcome}`;
    const entry = series.get(key) ?? {
      task: row.task,
      outcome: row.outcome,
      at_or_below: new Array<number>(boundCount).fill(0),
      seconds: 0,
    };
    series.set(key, entry);
    entry.seconds += row.seconds;
    for (let index = Math.max(0, row.bucket); index < boundCount; index++)
      entry.at_or_below[index] = (entry.at_or_below[index] ?? 0) + row.runs;
  }
  return [...series.values()];
}

export interface MinutesRow {
  mode: string;
  language: string;
  minutes: number;
}

/**
 * Minutes of the videos delivered, by mode and subtitle language (a hardcode video's is its own SRT's);
 * audio alone is delivered with its subtitles.
 */
export async function minutesProcessed(db: Db): Promise<MinutesRow[]> {
  const result = await sql<MinutesRow>`
    select mode, coalesce(out_lan, 'unknown') as language, (sum(duration_seconds) / 60.0)::float8 as minutes
      from videos
     where hardcoded_status = 'completed' or (hardcoded_status = 'not_applicable' and srt_status = 'completed')
     group by mode, coalesce(out_lan, 'unknown')`.execute(db);
  return result.rows;
}

export interface CreditsRow {
  kind: string;
  cents: number;
}

/** The ledger's totals by kind, as positive amounts (the ledger is append-only: they only grow). */
export async function creditTotals(db: Db): Promise<CreditsRow[]> {
  const result = await sql<CreditsRow>`
    select kind, abs(sum(amount_cents))::float8 as cents from credit_ledger group by kind`.execute(db);
  return result.rows;
}

export interface FailureRow {
  step: string;
  reason: string;
  videos: number;
}

/** Failed videos by the step that failed (the subtitles, or only the burn-in) and the customer's reason. */
export async function failures(db: Db): Promise<FailureRow[]> {
  const result = await sql<FailureRow>`
    select case when srt_status = 'failed' then 'subtitles' else 'burn_in' end as step,
           coalesce(failure_reason, '') as reason,
           count(*)::int as videos
      from videos
     where srt_status = 'failed' or hardcoded_status = 'failed'
     group by 1, 2`.execute(db);
  return result.rows;
}
