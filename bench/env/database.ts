import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { migrateToLatest } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-1!' };

export interface BenchDatabase extends DatabaseHandle {
  /** The durability settings the cluster runs with, as PostgreSQL reports them (SHOW). */
  settings: DatabaseSettings;
  stop(): Promise<void>;
}

/** The settings that trade durability for speed; production keeps PostgreSQL's safe defaults. */
export const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;
export type DatabaseSettings = Record<(typeof DURABILITY_SETTINGS)[number], string>;

async function durabilitySettings(database: DatabaseHandle): Promise<DatabaseSettings> {
  const { rows } = await database.pool.query<{ name: string; setting: string }>(
    'SELECT name, setting FROM pg_settings WHERE name = ANY($1)',
    [DURABILITY_SETTINGS],
  );
  const settings = {} as DatabaseSettings;
  for (const name of DURABILITY_SETTINGS) {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`PostgreSQL did not report ${name}`);
    settings[name] = row.setting;
  }
  return settings;
}

/**
 * The bench's own observation point: every insert or update of a video row is logged with
 * PostgreSQL's clock, so stage times come from the product's own status and progress writes.
 * It lives only in the bench's throwaway cluster.
 */
async function installTransitionLog(database: DatabaseHandle): Promise<void> {
  await sql`
    CREATE TABLE bench_video_transitions (
      seq                bigserial PRIMARY KEY,
      video_id           integer NOT NULL,
      at                 timestamptz NOT NULL DEFAULT clock_timestamp(),
      srt_status         text NOT NULL,
      hardcoded_status   text NOT NULL,
      srt_progress       smallint NOT NULL,
      hardcoded_progress smallint NOT NULL
    );
    CREATE FUNCTION bench_log_video_transition() RETURNS trigger AS $$
    BEGIN
      INSERT INTO bench_video_transitions (video_id, srt_status, hardcoded_status, srt_progress, hardcoded_progress)
      VALUES (NEW.id, NEW.srt_status, NEW.hardcoded_status, NEW.srt_progress, NEW.hardcoded_progress);
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER bench_video_transitions_log
      AFTER INSERT OR UPDATE OF srt_status, hardcoded_status, srt_progress, hardcoded_progress ON videos
      FOR EACH ROW EXECUTE FUNCTION bench_log_video_transition();
  `.execute(database.db);
}

/**
 * An embedded PostgreSQL in a throwaway folder, migrated and seeded, started exactly as `npm start`
 * starts its own (server/db/connect.ts: no ephemeral shortcuts), so targets are judged on production
 * durability settings.
 */
export async function startBenchDatabase(
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const server = await startEmbeddedPostgres({ dataDir, log });
  const database = openDatabase(server.url, { max: 10 });
  let settings: DatabaseSettings;
  try {
    await migrateToLatest(database.db, database.pool);
    await seed(database.db, BENCH_ADMIN);
    await installTransitionLog(database);
    settings = await durabilitySettings(database);
  } catch (error) {
    await database.close();
    await server.stop();
    throw error;
  }
  return {
    ...database,
    settings,
    async stop() {
      await database.close();
      await server.stop();
    },
  };
}

/**
 * Removes every job waiting in the queue: the upload parts only measure transfers, and the videos
 * they queued must not be burned by the next part's worker while it measures a pipeline.
 */
export async function dropQueuedJobs(database: DatabaseHandle): Promise<void> {
  await sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`.execute(
    database.db,
  );
}

export interface VideoTransition {
  at: Date;
  srtStatus: string;
  hardcodedStatus: string;
  srtProgress: number;
  hardcodedProgress: number;
}

export async function transitionsOf(database: DatabaseHandle, videoId: number): Promise<VideoTransition[]> {
  const { rows } = await database.pool.query<{
    at: Date;
    srt_status: string;
    hardcoded_status: string;
    srt_progress: number;
    hardcoded_progress: number;
  }>(
    `SELECT at, srt_status, hardcoded_status, srt_progress, hardcoded_progress
       FROM bench_video_transitions WHERE video_id = $1 ORDER BY seq`,
    [videoId],
  );
  return rows.map((row) => ({
    at: row.at,
    srtStatus: row.srt_status,
    hardcodedStatus: row.hardcoded_status,
    srtProgress: row.srt_progress,
    hardcodedProgress: row.hardcoded_progress,
  }));
}
