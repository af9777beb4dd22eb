import type { Job } from 'graphile-worker';
import type { Db } from '../server/db/database';
import type { JobRunsTable } from '../server/db/schema';
import { JOB_SECONDS_BOUNDS } from '../server/domains/metrics/job-buckets';
import { insertJobRun } from './repo';

/** Jobs whose video step failed for good but returned normally (the video is marked, not retried), with the cause. */
const failedForGood = new WeakMap<Job, string>();

/** Told by a video step that handled its last failure, so the run is recorded as failed, not completed. */
export function noteFailedForGood(job: Job, cause: string): void {
  failedForGood.set(job, cause);
}

export interface JobRun {
  task: string;
  job: Job;
  videoId: number | null;
  startedAt: Date;
  /** The error the handler threw, or undefined when it returned. */
  error?: unknown;
}

/** How an attempt ended: a thrown error is retried until the job's last attempt. */
export function outcomeOf(run: Pick<JobRun, 'job' | 'error'>): JobRunsTable['outcome'] {
  if (run.error !== undefined) return run.job.attempts < run.job.max_attempts ? 'retried' : 'failed';
  return failedForGood.has(run.job) ? 'failed' : 'completed';
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One row of job_runs for the attempt that just ended. */
export async function recordJobRun(db: Db, run: JobRun): Promise<void> {
  const error =
    run.error !== undefined ? errorText(run.error) : (failedForGood.get(run.job)?.slice(0, 500) ?? null);
  await insertJobRun(
    db,
    {
      task: run.task,
      video_id: run.videoId,
      worker_id: run.job.locked_by ?? null,
      attempt: Math.max(1, run.job.attempts),
      outcome: outcomeOf(run),
      error,
      started_at: run.startedAt,
    },
    JOB_SECONDS_BOUNDS,
  );
}
