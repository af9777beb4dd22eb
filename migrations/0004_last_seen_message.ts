import { type Kysely, sql } from 'kysely';

/**
 * "Unread" compares with the newest message a user has seen, not a count: a count goes wrong when an
 * admin deletes messages and posts new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP COLUMN messages_seen_count;
    ALTER TABLE users ADD COLUMN last_seen_message_id integer NOT NULL DEFAULT 0;
  `.execute(db);
}
