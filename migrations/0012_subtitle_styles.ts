import { type Kysely, sql } from 'kysely';

/**
 * Subtitle styles (shared/subtitles/subtitle-style.ts): each video keeps the style it is burned
 * with, each company a default for its uploads. Videos burned before styles existed keep their look
 * ('classic') on a re-burn; new rows get the broadcast-sized default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const allowed = sql`('broadcast', 'classic', 'boxed', 'yellow', 'large')`;
  await sql`
    ALTER TABLE videos
      ADD COLUMN subtitle_style text NOT NULL DEFAULT 'classic' CHECK (subtitle_style IN ${allowed})
  `.execute(db);
  await sql`ALTER TABLE videos ALTER COLUMN subtitle_style SET DEFAULT 'broadcast'`.execute(db);
  await sql`
    ALTER TABLE companies
      ADD COLUMN subtitle_style text NOT NULL DEFAULT 'broadcast' CHECK (subtitle_style IN ${allowed})
  `.execute(db);
}
