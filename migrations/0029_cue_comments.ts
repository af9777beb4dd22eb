import { type Kysely, sql } from 'kysely';

/**
 * Review with teammates (issue 39): comments on a cue, anchored to the cue's id in the editor that made
 * it and its time (ids live only in one editing session; the time finds the cue again), seen and
 * resolved by the users of the video's company; and read-only review links, kept by their SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cue_comments (
      id          serial PRIMARY KEY,
      video_id    integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      cue_id      text NOT NULL CHECK (length(cue_id) BETWEEN 1 AND 64),
      start_ms    integer NOT NULL CHECK (start_ms >= 0),
      end_ms      integer NOT NULL CHECK (end_ms > start_ms),
      body        text NOT NULL CHECK (length(trim(body)) BETWEEN 1 AND 2000),
      author_id   integer REFERENCES users (id) ON DELETE SET NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by integer REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX cue_comments_video_idx ON cue_comments (video_id, start_ms, id);

    CREATE TABLE review_links (
      token_hash text PRIMARY KEY,
      video_id   integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX review_links_video_idx ON review_links (video_id);
  `.execute(db);
}
