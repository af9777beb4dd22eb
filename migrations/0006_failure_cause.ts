import { type Kysely, sql } from 'kysely';

/**
 * A failed video keeps two texts: `failure_reason`, in plain words for the customer (what happened
 * and whether the charge came back), and `failure_cause`, the technical error for admins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE videos ADD COLUMN failure_cause text`.execute(db);
}
