import { type Kysely, sql } from 'kysely';

/**
 * The addresses an admin sets for the links to outside pages (help centre, support, social media);
 * a key without a row falls back to the product's own page or is hidden (shared/site-links.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE site_links (
      key        text PRIMARY KEY,
      address    text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}
