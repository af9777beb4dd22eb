// `npm run worker`: a standalone worker against the server's database (DATABASE_URL, or the
// embedded PostgreSQL that `npm start` runs with the same DATA_DIR).
import { findDatabaseUrl } from '../server/db/connect';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { runProcess } from '../server/process-lifecycle';
import { createServices } from '../server/runtime';
import { startWorker } from './runner';

await runProcess(async (config, logger) => {
  const database = openDatabase(await findDatabaseUrl(config), {
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  await migrateToLatest(database.db, database.pool);
  let running = () => false;
  const services = await createServices(config, database, logger, () => running());
  logger.info(services.media.description);
  logger.info(services.engines.describe());
  const worker = await startWorker(database.pool, services, config.WORKER_CONCURRENCY);
  running = worker.isRunning;
  console.log(`Worker running with concurrency ${config.WORKER_CONCURRENCY}`);
  return async () => {
    await worker.stop();
    await database.close();
  };
});
