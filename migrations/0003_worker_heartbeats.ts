import { type Kysely, sql } from 'kysely';

/**
 * Graphile Worker frees a dead worker's job only after 4 hours. Workers beat here every few
 * seconds, so the jobs of a worker that stopped beating (killed, machine lost) are freed at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE worker_heartbeats (
      worker_id text PRIMARY KEY,
      seen_at   timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
