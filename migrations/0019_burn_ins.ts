import { type Kysely, sql } from 'kysely';

/**
 * A burn-in spread over jobs (issue 26): the plan job records what is burned (the ASS script of one
 * subtitle version and style) and its segments; each segment is burned by its own job, on any
 * worker, and the join job completes the video once every segment is done. The newest burn of a
 * video is the only one that may complete it, so a burn superseded by a revision never delivers
 * old subtitles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE burn_ins (
      id                  serial PRIMARY KEY,
      video_id            integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      subtitle_version_id integer NOT NULL REFERENCES subtitle_versions (id) ON DELETE CASCADE,
      subtitle_style      text NOT NULL,
      ass                 text NOT NULL,
      fps                 double precision NOT NULL CHECK (fps > 0),
      copy_audio          boolean NOT NULL,
      created_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX burn_ins_video_idx ON burn_ins (video_id, id);
    CREATE TABLE burn_in_segments (
      burn_in_id     integer NOT NULL REFERENCES burn_ins (id) ON DELETE CASCADE,
      index          integer NOT NULL CHECK (index >= 0),
      start_frame    integer NOT NULL,
      frames         integer,
      preroll_frames integer NOT NULL,
      fingerprint    text NOT NULL,
      done           boolean NOT NULL DEFAULT false,
      PRIMARY KEY (burn_in_id, index)
    );
  `.execute(db);
}
