import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import type pg from 'pg';
import { migrations } from '../../migrations';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies our numbered migrations, then Graphile Worker's own schema. */
export async function migrateToLatest(db: Kysely<Database>, pool: pg.Pool): Promise<string[]> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await runWorkerMigrations({ pgPool: pool });
  return results.map((result) => result.migrationName);
}
