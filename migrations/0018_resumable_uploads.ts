import { type Kysely, sql } from 'kysely';

/**
 * Resumable (tus) uploads. `pending_upload_subtitles`: a hardcode upload's SRT, sent and checked
 * before the video's bytes, waiting for their last byte. `finished_resumable_uploads`: which video an
 * accepted upload became, so a client whose last answer was lost learns it is done instead of
 * sending (and paying for) the video again. Both are removed after a day by the worker's cron
 * (worker/tasks/remove-abandoned-uploads.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pending_upload_subtitles (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id  integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      name        text NOT NULL,
      srt         text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pending_upload_subtitles_created_idx ON pending_upload_subtitles (created_at);
    CREATE TABLE finished_resumable_uploads (
      upload_id   text PRIMARY KEY,
      company_id  integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      video_id    integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      bytes       bigint NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX finished_resumable_uploads_created_idx ON finished_resumable_uploads (created_at);
  `.execute(db);
}
