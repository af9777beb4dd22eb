import type Stripe from 'stripe';
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
  /** Stripe when STRIPE_SECRET_KEY is set; null means payments are not configured. */
  payments: Stripe | null;
  /** False when this process runs no worker (WORKER=off) or its worker has stopped. */
  workerRunning(): boolean;
}
