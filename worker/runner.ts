import { type Runner, run, type Task, type TaskList, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import type { z } from 'zod';
import type { Logger } from '../server/logger';
import type { Services } from '../server/services';
import type { TaskDefinition } from './task';
import { crontab, tasks } from './tasks';

function bind<Name extends string, Schema extends z.ZodType>(
  task: TaskDefinition<Name, Schema>,
  services: Services,
): Task {
  return async (rawPayload, helpers) => {
    // Old jobs and jobs added from SQL bypass TypeScript: parse before trusting.
    await task.handle(task.payload.parse(rawPayload ?? {}), { services, helpers });
  };
}

export function buildTaskList(services: Services): TaskList {
  const list: TaskList = {};
  for (const task of tasks) {
    if (list[task.name]) throw new Error(`Two handlers for the job ${task.name}`);
    list[task.name] = bind(task, services);
  }
  return list;
}

function workerLogger(logger: Logger) {
  return new WorkerLogger(() => (level, message, meta) => {
    const method =
      level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    logger[method](meta ?? {}, message);
  });
}

export interface WorkerHandle {
  isRunning(): boolean;
  /** Lets running jobs finish (or hands them back after a grace period) and stops taking new ones. */
  stop(): Promise<void>;
}

export async function startWorker(
  pool: pg.Pool,
  services: Services,
  concurrency: number,
): Promise<WorkerHandle> {
  const runner: Runner = await run({
    pgPool: pool,
    taskList: buildTaskList(services),
    crontab,
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(services.logger.child({ component: 'worker' })),
  });
  let running = true;
  runner.promise.finally(() => {
    running = false;
  });
  return {
    isRunning: () => running,
    stop: async () => {
      if (running) await runner.stop();
    },
  };
}
