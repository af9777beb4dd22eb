import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { createLogger } from '../../server/logger';
import { createServices } from '../../server/runtime';
import type { Services } from '../../server/services';

/** Real services over a test database: real storage, ffmpeg and payments config, a quiet logger. */
export async function testServices(database: DatabaseHandle, env: NodeJS.ProcessEnv = {}): Promise<Services> {
  const { services, removeData } = await openTestServices(database, env);
  afterAll(removeData);
  return services;
}

/** Real services whose data folder the caller removes itself (for a test that opens several in turn). */
export async function openTestServices(database: DatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  // Each test file gets its own data folder, so its files and temporary files are its own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-test-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const services = await createServices(
    config,
    database,
    createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    () => true,
  );
  return { services, removeData: () => rm(dataDir, { recursive: true, force: true }) };
}
