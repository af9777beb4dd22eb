import { type Kysely, sql } from 'kysely';

/**
 * A review link can be withdrawn before its 7 days end (issue 39): the company's users list a
 * video's live links by a number of their own (`id`; the token is never shown again) and withdraw
 * one, which then opens nothing. Who withdrew it and when are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE review_links ADD COLUMN id serial UNIQUE;
    ALTER TABLE review_links ADD COLUMN withdrawn_at timestamptz;
    ALTER TABLE review_links ADD COLUMN withdrawn_by integer REFERENCES users (id) ON DELETE SET NULL;
  `.execute(db);
}
