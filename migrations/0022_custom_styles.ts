import { type Kysely, sql } from 'kysely';

/**
 * A company's own subtitle style (shared/subtitles/subtitle-style.ts CustomStyle): its settings on
 * the company, chosen as 'custom' like a preset. A video burned in it keeps a copy of the settings
 * it was burned with, so a later change of the company's style never changes a finished video's
 * re-burn behind its owner's back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const allowed = sql`('broadcast', 'classic', 'boxed', 'yellow', 'large', 'custom')`;
  for (const table of ['companies', 'videos']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN custom_style jsonb,
        DROP CONSTRAINT ${sql.id(`${table}_subtitle_style_check`)},
        ADD CONSTRAINT ${sql.id(`${table}_subtitle_style_check`)} CHECK (subtitle_style IN ${allowed}),
        ADD CONSTRAINT ${sql.id(`${table}_custom_style_present`)}
          CHECK (subtitle_style <> 'custom' OR custom_style IS NOT NULL)
    `.execute(db);
  }
}
