import { EventEmitter } from 'node:events';
import {
  type JobHelpers,
  type Runner,
  run,
  type Task,
  type TaskList,
  type WorkerEvents,
  Logger as WorkerLogger,
} from 'graphile-worker';
import type pg from 'pg';
import { crontabWith, jobs, type PayloadOf, type TaskName, taskNames } from '../server/jobs/catalog';
import type { Logger } from '../server/logger';
import { childRecordsDir, reapOrphanedChildren } from '../server/media/child-processes';
import type { Services } from '../server/services';
import { type Cancellations, listenForCancellations, noCancellations } from './cancellations';
import { beat, HEARTBEAT_MS, releaseJobsOfGoneWorkers } from './heartbeats';
import { recordJobRun } from './job-runs';
import { patientPool } from './patient-pool';
import type { Handlers } from './task';
import { handlers } from './tasks';

function bind<T extends TaskName>(task: T, services: Services, cancellations: Cancellations): Task {
  const handle: Handlers[T] = handlers[task];
  const { payload } = jobs[task];
  return async (rawPayload, helpers) => {
    const startedAt = new Date();
    const videoId = videoIdOf(rawPayload);
    const record = (error?: unknown) =>
      recordJobRun(services.db, { task: jobs[task].name, job: helpers.job, videoId, startedAt, error }).catch(
        (failure: unknown) => services.logger.warn({ err: failure }, 'could not record the job run'),
      );
    // Every line the job logs names it, and its video: one video can be followed from upload to download.
    const logger = services.logger.child({
      task: jobs[task].name,
      jobId: helpers.job.id,
      ...(videoId === null ? {} : { videoId }),
    });
    logger.info({ attempt: helpers.job.attempts }, 'job started');
    // A video's job stops when its video is cancelled (videos.cancel): its signal kills its ffmpeg.
    const watch = videoId === null ? null : cancellations.watch(videoId, helpers.abortSignal);
    const watched: JobHelpers = watch
      ? Object.create(helpers, { abortSignal: { value: watch.signal } })
      : helpers;
    try {
      // Old jobs and jobs added from SQL bypass TypeScript: parse with the catalog's schema before trusting.
      // (TypeScript cannot tie jobs[task] to handlers[task] for a generic task, hence the cast.)
      const parsed = payload.parse(rawPayload ?? {}) as PayloadOf<T>;
      await handle(parsed, { services: { ...services, logger }, helpers: watched });
    } catch (error) {
      if (watch?.cancelled()) {
        // The cancellation failed and refunded the video already; the job ends here, for good.
        logger.info('job stopped: its video was cancelled');
        await record();
        return;
      }
      await record(error ?? new Error('unknown error'));
      throw error;
    } finally {
      watch?.done();
    }
    await record();
  };
}

/** The video a job is about, for its job_runs row (housekeeping jobs have none). */
function videoIdOf(payload: unknown): number | null {
  const id = (payload as { videoId?: unknown } | null)?.videoId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export function buildTaskList(services: Services, cancellations: Cancellations = noCancellations): TaskList {
  const list: TaskList = {};
  for (const task of taskNames) {
    const { name } = jobs[task];
    if (list[name]) throw new Error(`Two tasks of the catalog are named ${name}`);
    list[name] = bind(task, services, cancellations);
  }
  return list;
}

/** Graphile Worker's lines carry the whole job; ours name it by the ids that follow a video. */
function jobIds(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!meta?.job || typeof meta.job !== 'object') return meta ?? {};
  const { job, ...rest } = meta;
  const { id, task_identifier, payload } = job as {
    id?: string;
    task_identifier?: string;
    payload?: unknown;
  };
  const videoId = (payload as { videoId?: unknown } | null)?.videoId;
  return { ...rest, task: task_identifier, jobId: id, ...(videoId === undefined ? {} : { videoId }) };
}

function workerLogger(logger: Logger) {
  return new WorkerLogger(() => (level, message, meta) => {
    const method =
      level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    logger[method](jobIds(meta), message);
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
  const log = services.logger.child({ component: 'worker' });
  // The ffmpeg runs of a worker killed with -9 (or of a machine that went down) are still going.
  const reaped = reapOrphanedChildren(childRecordsDir(services.config.dataDir));
  if (reaped > 0) log.warn(`killed ${reaped} ffmpeg run(s) left by a stopped worker`);
  const freed = await releaseJobsOfGoneWorkers(services.db);
  if (freed > 0) log.warn(`returned the jobs of ${freed} stopped worker(s) to the queue`);
  const cancellations = await listenForCancellations(services.databaseUrl, log);
  const poolIds: string[] = [];
  // Our own emitter, given to run(), so no pool is created before we listen.
  const events: WorkerEvents = new EventEmitter();
  // Graphile Worker locks jobs in the name of the pool, not of its workers: the pool is what beats.
  events.on('pool:create', ({ workerPool }) => {
    poolIds.push(workerPool.id);
    beat(services.db, [workerPool.id]).catch((error: unknown) =>
      log.warn({ err: error }, 'worker heartbeat failed'),
    );
  });
  const runner: Runner = await run({
    events,
    pgPool: patientPool(pool),
    taskList: buildTaskList(services, cancellations),
    crontab: crontabWith(services.config),
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger: workerLogger(log),
  });
  const heartbeat = setInterval(() => {
    beat(services.db, poolIds)
      .then(() => releaseJobsOfGoneWorkers(services.db))
      .catch((error: unknown) => log.warn({ err: error }, 'worker heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let running = true;
  runner.promise.finally(() => {
    running = false;
    clearInterval(heartbeat);
    cancellations.close().catch(() => {});
  });
  return {
    isRunning: () => running,
    stop: async () => {
      clearInterval(heartbeat);
      if (running) await runner.stop();
      await cancellations.close();
    },
  };
}
