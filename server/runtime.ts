import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';
import { cpuShare } from './cpu-share';
import type { DatabaseHandle } from './db/database';
import { createStripe } from './domains/billing/stripe-client';
import { createEngines } from './engines';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { findMediaBinaries } from './media/binaries';
import { childRecordsDir, recordChildrenIn } from './media/child-processes';
import type { Services } from './services';
import { createStorage } from './storage/create';
import { processTemporaryFolder, removeOrphanedTemporaryFiles, temporaryRoot } from './temporary-folders';

async function appSecret(config: Config): Promise<string> {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = path.join(config.dataDir, 'app.secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** What processes that crashed or were killed left in DATA_DIR/tmp goes when the next one starts. */
export async function removeTemporaryFilesOfStoppedProcesses(root: string, own: string, logger: Logger) {
  try {
    const removed = await removeOrphanedTemporaryFiles(root, { keep: own });
    if (removed.length > 0) logger.info({ removed }, 'removed temporary files no running process owns');
  } catch (error) {
    logger.warn({ err: error }, 'could not clear old temporary files');
  }
}

/** The services every process (server, worker, tests) builds the same way from its configuration. */
export async function createServices(
  config: Config,
  database: Pick<DatabaseHandle, 'db' | 'url'>,
  logger: Logger,
  workerRunning: () => boolean,
): Promise<Services> {
  const tmpDir = await processTemporaryFolder(temporaryRoot(config.dataDir));
  await removeTemporaryFilesOfStoppedProcesses(temporaryRoot(config.dataDir), tmpDir, logger);
  const cpu = cpuShare(config.WORKER_CONCURRENCY);
  recordChildrenIn(childRecordsDir(config.dataDir));
  return {
    config,
    db: database.db,
    databaseUrl: database.url,
    logger,
    workerRunning,
    payments: createStripe(config),
    storage: await createStorage(config, tmpDir),
    mail: createMailer(config, logger),
    engines: createEngines(config, logger, cpu),
    media: findMediaBinaries(config),
    cpu,
    tmpDir,
    secret: await appSecret(config),
  };
}
