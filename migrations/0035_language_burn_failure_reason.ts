import { type Kysely, sql } from 'kysely';

/**
 * A language's burned video that failed says why in plain words (issue 40), apart from its
 * translation's `failure_reason`: a ready language keeps its subtitles when its burn fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE video_languages ADD COLUMN burn_failure_reason text`.execute(db);
}
