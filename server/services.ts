import type { Config } from './config';
import type { Db } from './db/database';
import type { Queue } from './jobs/queue';
import type { Logger } from './logger';

/** What every transport (tRPC, REST, worker task) hands to the domain services. */
export interface Services {
  config: Config;
  db: Db;
  logger: Logger;
  queue: Queue;
  /** False when this process runs no worker (WORKER=off) or its worker has stopped. */
  workerRunning(): boolean;
}
