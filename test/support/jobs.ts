import { runOnce, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { Services } from '../../server/services';
import { buildTaskList } from '../../worker/runner';

const quiet = new WorkerLogger(() => () => {});

/**
 * Runs the queued jobs in this process, through Graphile Worker's runOnce (runTaskListOnce), until
 * none is ready to run: a job step and the steps it queues, tested without a live runner to poll.
 * A job left waiting for a retry stays queued.
 */
export function runQueuedJobs(pool: pg.Pool, services: Services): Promise<void> {
  return runOnce({ pgPool: pool, taskList: buildTaskList(services), noHandleSignals: true, logger: quiet });
}
