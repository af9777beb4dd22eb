import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseServer {
  url: string;
  stop(): Promise<void>;
}

/** Where a running embedded PostgreSQL publishes its address for `npm run worker`. */
const urlFile = (config: Config) => path.join(config.dataDir, 'postgres.url');

/** DATABASE_URL when set; otherwise PostgreSQL embedded in DATA_DIR/postgres. */
export async function connectDatabaseServer(config: Config, logger: Logger): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    log: (line) => logger.warn({ component: 'postgres' }, line),
  });
  await writeFile(urlFile(config), server.url, { mode: 0o600 });
  logger.info(`embedded PostgreSQL running with its data in ${path.join(config.dataDir, 'postgres')}`);
  return {
    url: server.url,
    async stop() {
      await rm(urlFile(config), { force: true });
      await server.stop();
    },
  };
}

/** For processes that join a database someone else runs. */
export async function findDatabaseUrl(config: Config): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  if (existsSync(urlFile(config))) return (await readFile(urlFile(config), 'utf8')).trim();
  throw new Error(
    `No database: set DATABASE_URL, or start the server first (npm start) with the same DATA_DIR (${config.dataDir})`,
  );
}
