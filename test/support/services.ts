import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { createStripe } from '../../server/domains/billing/stripe-client';
import { createQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logger';
import type { Services } from '../../server/services';

/** Real services over a test database: the real queue, a quiet logger. */
export async function testServices(database: DatabaseHandle, env: NodeJS.ProcessEnv = {}): Promise<Services> {
  const config = loadConfig({ DATA_DIR: '/tmp/subtitling-test-files', LOG_LEVEL: 'silent', ...env });
  return {
    config,
    payments: createStripe(config),
    db: database.db,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    queue: await createQueue(database.pool),
    workerRunning: () => true,
  };
}
