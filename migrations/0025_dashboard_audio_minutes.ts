import { type Kysely, sql } from 'kysely';

/**
 * The admin dashboard counts an audio-only video's minutes once its subtitles are done (its hardcoded
 * video is `not_applicable`, migration 0020): the period's index carries `srt_status` too, so the
 * minutes are still read from the index alone (index-only scans, as migration 0017 meant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX videos_created_delivered_idx ON videos (created_at)
      INCLUDE (mode, duration_seconds, hardcoded_status, srt_status);
    DROP INDEX videos_created_idx;
  `.execute(db);
}
