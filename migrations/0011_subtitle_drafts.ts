import { type Kysely, sql } from 'kysely';

/**
 * The subtitle editor: one draft per video, saved freely, that becomes a subtitle version (a revision,
 * PRODUCT.md §1) only when the user burns it in. `revision` counts the draft's saves (1 on the first)
 * and is what two tabs editing the same video compare before writing over each other. Versions now
 * name their author.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subtitle_drafts (
      video_id      integer PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
      cues          jsonb NOT NULL,
      base_version  integer NOT NULL CHECK (base_version >= 0),
      revision      integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
      updated_by    integer REFERENCES users (id) ON DELETE SET NULL,
      updated_at    timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    ALTER TABLE subtitle_versions ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL
  `.execute(db);
}
