import { type Kysely, sql } from 'kysely';

/** A content page seeded from a template stays flagged until an admin has saved it once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contents ADD COLUMN review_needed boolean NOT NULL DEFAULT false`.execute(db);
}
