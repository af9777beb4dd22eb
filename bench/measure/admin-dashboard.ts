import type { BenchDatabase } from '../env/database';
import { type LoadResult, runLoad } from './load';

/** The longest period the dashboard offers: every seeded video falls inside it. */
export const DASHBOARD_DAYS = 90;
export const DASHBOARD_PATH = `/trpc/dashboard.overview?input=${encodeURIComponent(JSON.stringify({ days: DASHBOARD_DAYS }))}`;

/**
 * What a running system has beside its videos: four job runs per video (one failed in 20) and a
 * ledger row per video, dated with the video, so the dashboard aggregates as many rows as it would.
 */
export async function seedDashboardHistory(
  database: BenchDatabase,
): Promise<{ videos: number; jobRuns: number }> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = on');
    const runs = await client.query(
      `INSERT INTO job_runs (task, video_id, attempt, outcome, error, started_at, finished_at)
       SELECT step.task, videos.id, 1,
              CASE WHEN videos.id % 20 = 0 AND step.n = 2 THEN 'failed' ELSE 'completed' END,
              CASE WHEN videos.id % 20 = 0 AND step.n = 2 THEN 'bench: no speech' END,
              videos.created_at + step.n * interval '20 seconds',
              videos.created_at + (step.n + 1) * interval '20 seconds'
         FROM videos,
              (VALUES (1, 'extract_audio'), (2, 'transcribe_video'), (3, 'make_subtitles'), (4, 'burn_in_video'))
                AS step(n, task)`,
    );
    // The daily counts the workers keep with each attempt (worker/repo.ts).
    await client.query(
      `INSERT INTO job_run_days (day, task, outcome, runs)
       SELECT (finished_at AT TIME ZONE 'UTC')::date, task, outcome, count(*) FROM job_runs GROUP BY 1, 2, 3
       ON CONFLICT (day, task, outcome) DO UPDATE SET runs = job_run_days.runs + excluded.runs`,
    );
    await client.query(
      `INSERT INTO credit_ledger (company_id, kind, amount_cents, video_id, created_at)
       SELECT company_id, 'refund', price_cents, id, created_at FROM videos WHERE price_cents > 0`,
    );
    const videos = await client.query<{ count: string }>('SELECT count(*) FROM videos');
    await client.query('COMMIT');
    client.release();
    await database.pool.query('VACUUM (ANALYZE) job_runs, job_run_days, credit_ledger');
    return { videos: Number(videos.rows[0]?.count ?? 0), jobRuns: runs.rowCount ?? 0 };
  } catch (error) {
    client.release(true);
    throw error;
  }
}

/** One admin with the dashboard open: requests one after the other, in windows. */
export async function loadAdminDashboard(
  base: string,
  adminToken: string,
  plan: { windows: number; seconds: number },
): Promise<LoadResult[]> {
  const windows: LoadResult[] = [];
  for (let window = 0; window < plan.windows; window++) {
    windows.push(
      await runLoad(
        `${base}${DASHBOARD_PATH}`,
        { authorization: `Bearer ${adminToken}` },
        { concurrency: 1, seconds: plan.seconds, warmUpSeconds: window === 0 ? 1 : 0 },
      ),
    );
  }
  return windows;
}
