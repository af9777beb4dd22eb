import { type Kysely, sql } from 'kysely';

/**
 * A review link is a permission of its own (issue 39): whoever holds it, with or without an account,
 * reads the video's subtitles and comments and adds comments, and nothing else. The set is written
 * on each link (`permissions`, only the known ones), and a comment made through a link carries the
 * name its writer gave (`guest_name`), as it has no author among the users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE review_links ADD COLUMN permissions text[] NOT NULL
      DEFAULT ARRAY['readSubtitles', 'readComments', 'addComments']
      CHECK (permissions <@ ARRAY['readSubtitles', 'readComments', 'addComments']);
    ALTER TABLE cue_comments ADD COLUMN guest_name text
      CHECK (guest_name IS NULL OR length(trim(guest_name)) BETWEEN 1 AND 60);
  `.execute(db);
}
