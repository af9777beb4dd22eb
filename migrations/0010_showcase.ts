import { type Kysely, sql } from 'kysely';

/**
 * Videos an admin published on the public pages (the home carousel, /examples). Each keeps its own
 * copies of the original and the subtitled file, so deleting the company's video leaves it playing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE showcase_videos (
      id             serial PRIMARY KEY,
      placement      text NOT NULL CHECK (placement IN ('carousel', 'example')),
      title          text NOT NULL,
      description    text NOT NULL DEFAULT '',
      video_id       integer REFERENCES videos (id) ON DELETE SET NULL,
      in_lan         text,
      out_lan        text,
      rso            text,
      original_key   text NOT NULL,
      subtitled_key  text NOT NULL,
      published_by   integer REFERENCES users (id) ON DELETE SET NULL,
      created_at     timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}
