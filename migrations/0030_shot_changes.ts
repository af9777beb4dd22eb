import { type Kysely, sql } from 'kysely';

/**
 * A video's shot changes (issue 39), detected once by ffmpeg's scene score and kept for the editor,
 * which snaps cue edges to them and reports edges too close. No row: not detected yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_shot_changes (
      video_id integer PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
      times_ms integer[] NOT NULL,
      detected_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
