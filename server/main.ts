import path from 'node:path';
import type { WorkerHandle } from '../worker/runner';
import { buildApp } from './app/http-app';
import { type Config, knownVariables } from './config';
import { connectDatabaseServer } from './db/connect';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed } from './db/seed';
import type { Logger } from './logger';
import { runProcess } from './process-lifecycle';
import { startEventHub } from './realtime/event-hub';
import { createServices } from './runtime';
import { startupSummary } from './startup-summary';

async function startServer(config: Config, logger: Logger) {
  const server = await connectDatabaseServer(config, logger);
  const database = openDatabase(server.url, { preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  await migrateToLatest(database.db, database.pool);
  const seeded = await seed(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });

  let worker: WorkerHandle | null = null;
  const services = await createServices(config, database, logger, () => worker?.isRunning() ?? false);
  // In the background: a missing speech model is fetched now, not when a customer's video waits.
  void services.engines.speech.prepare();
  void services.engines.languageModelHealth.refresh();
  if (config.WORKER === 'inline') {
    // Imported only here: with WORKER=off the task code (media, subtitle shaping) never loads.
    const { startWorker } = await import('../worker/runner');
    worker = await startWorker(database.pool, services, config.WORKER_CONCURRENCY);
  }

  const events = await startEventHub(server.url, logger);
  const app = await buildApp(services, { events });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    startupSummary({
      config,
      // Shown once, on the start that created the admin; only its hash is stored.
      generatedAdminPassword: seeded.generatedAdminPassword,
      engines: services.engines.describe(),
      speech: services.engines.speech.current(),
      media: services.media.description,
      storage:
        config.STORAGE === 's3'
          ? `bucket ${config.S3_BUCKET} at ${config.S3_ENDPOINT ?? 'Amazon S3'}`
          : `files in ${path.join(config.dataDir, 'files')}`,
      knownVariables,
    }),
  );

  return async () => {
    services.engines.speech.stop();
    await app.close(); // stop taking requests, finish those in flight
    await events.close();
    await worker?.stop(); // running jobs finish or go back to the queue
    await database.close();
    await server.stop();
  };
}

await runProcess(startServer);
