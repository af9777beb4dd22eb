import { type Kysely, sql } from 'kysely';

/**
 * What reading a resumable upload's subtitle file repaired or left out (issue 36), kept with the
 * checked file until the video arrives and stored with the video's first subtitle version then,
 * as the multipart path stores it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE pending_upload_subtitles ADD COLUMN reading_notes jsonb NOT NULL DEFAULT '[]'::jsonb;
  `.execute(db);
}
