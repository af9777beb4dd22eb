import { type Kysely, sql } from 'kysely';

/**
 * Graphile Worker deletes a job once it has run, so how long each step took and how it ended is
 * kept here, one row per attempt, by whichever process ran it: /metrics and the admin dashboard
 * read the whole system from the database, whatever worker processes there are. The indexes let
 * the dashboard read a period of 100,000 videos from the indexes alone (index-only scans).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job_runs (
      id          bigserial PRIMARY KEY,
      task        text NOT NULL,
      video_id    integer REFERENCES videos (id) ON DELETE SET NULL,
      worker_id   text,
      attempt     smallint NOT NULL CHECK (attempt >= 1),
      outcome     text NOT NULL CHECK (outcome IN ('completed', 'retried', 'failed')),
      error       text,
      started_at  timestamptz NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now()
    );
    -- Every attempt ever, counted per duration bucket (server/domains/metrics/job-buckets.ts) as it is
    -- recorded: /metrics reads these few rows, never the whole history, and they only grow.
    CREATE TABLE job_run_totals (
      task    text NOT NULL,
      outcome text NOT NULL,
      bucket  smallint NOT NULL,
      runs    bigint NOT NULL,
      seconds double precision NOT NULL,
      PRIMARY KEY (task, outcome, bucket)
    );
    -- The same attempts counted per UTC day: the dashboard's failure rates read days, not runs.
    CREATE TABLE job_run_days (
      day     date NOT NULL,
      task    text NOT NULL,
      outcome text NOT NULL,
      runs    bigint NOT NULL,
      PRIMARY KEY (day, task, outcome)
    );
    CREATE INDEX job_runs_finished_idx ON job_runs (finished_at) INCLUDE (task, outcome);
    CREATE INDEX videos_created_idx ON videos (created_at) INCLUDE (mode, duration_seconds, hardcoded_status);
    CREATE INDEX credit_ledger_created_idx ON credit_ledger (created_at) INCLUDE (kind, amount_cents);
    CREATE INDEX companies_credits_idx ON companies (credits_cents, id);
    CREATE INDEX videos_failed_idx ON videos (updated_at) WHERE srt_status = 'failed' OR hardcoded_status = 'failed';
  `.execute(db);
}
