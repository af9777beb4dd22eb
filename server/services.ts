import type { Config } from './config';
import type { CpuShare } from './cpu-share';
import type { Db } from './db/database';
import type { Payments } from './domains/billing/stripe-client';
import type { Engines } from './engines/engines';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { MediaBinaries } from './media/binaries';
import type { Storage } from './storage/storage';

/** What every transport (tRPC, REST, worker task) hands to the domain services. */
export interface Services {
  config: Config;
  db: Db;
  /** The address `db` was opened at, for a module that needs connections of its own (locks held across requests). */
  databaseUrl: string;
  logger: Logger;
  /** Stripe, imported on the first payment; null when STRIPE_SECRET_KEY is unset (payments not configured). */
  payments: Payments | null;
  storage: Storage;
  /** Outgoing e-mail (SMTP_URL), or the log when unset. */
  mail: Mailer;
  /** Speech and translation engines (created lazily: a model loads on first use). */
  engines: Engines;
  media: MediaBinaries;
  /** Each job's share of the cores, and the priority of the programs it starts. */
  cpu: CpuShare;
  /** Working files of uploads and jobs (and a bucket's fetched copies); on disk storage's disk, so moves are renames. */
  tmpDir: string;
  /** Signs download links. */
  secret: string;
  /** False when this process runs no worker (WORKER=off) or its worker has stopped. */
  workerRunning(): boolean;
}
