import { type Kysely, sql } from 'kysely';

/**
 * Audio-only uploads (issue 22): subtitles without a picture, so their hardcoded video is
 * `not_applicable`, neither pending nor failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos
      DROP CONSTRAINT videos_hardcoded_status_check,
      ADD CONSTRAINT videos_hardcoded_status_check
        CHECK (hardcoded_status IN ('polling', 'completed', 'failed', 'not_applicable'))
  `.execute(db);
}
