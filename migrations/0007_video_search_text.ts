import { type Kysely, sql } from 'kysely';

/**
 * My Videos' search matches a video's title and description as well as its file name: one trigram
 * index over the three joined by line breaks (which a search box cannot type), replacing the index
 * on the file name alone. server/domains/videos/repo.ts searches the same expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS videos_filename_trgm_idx;
    CREATE INDEX videos_search_trgm_idx ON videos
      USING gin ((filename || E'\\n' || title || E'\\n' || description) gin_trgm_ops);
  `.execute(db);
}
