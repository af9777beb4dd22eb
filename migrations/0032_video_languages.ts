import { type Kysely, sql } from 'kysely';

/**
 * More languages per video (issue 40). A finished video's subtitles can be translated into further
 * output languages, each its own set of subtitles with its own versions and editor draft, and each
 * can be burned into its own video.
 *
 * - `subtitle_versions.language` and `subtitle_drafts.language`: '' for the video's own subtitles (in
 *   its output language, or an own SRT's language), else the added language's code. Existing rows
 *   are the video's own.
 * - `video_languages`: one row per added language, its translation's state and its burned video.
 * - `credit_ledger.language`: the language a charge (or its refund) was for, shown on the ledger.
 * - The price of a translation per started minute of the video, set on Admin › Prices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subtitle_versions ADD COLUMN language text NOT NULL DEFAULT '';
    ALTER TABLE subtitle_versions DROP CONSTRAINT subtitle_versions_video_id_version_key;
    ALTER TABLE subtitle_versions ADD CONSTRAINT subtitle_versions_video_language_version_key
      UNIQUE (video_id, language, version);

    ALTER TABLE subtitle_drafts ADD COLUMN language text NOT NULL DEFAULT '';
    ALTER TABLE subtitle_drafts DROP CONSTRAINT subtitle_drafts_pkey;
    ALTER TABLE subtitle_drafts ADD PRIMARY KEY (video_id, language);

    CREATE TABLE video_languages (
      video_id      integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      language      text NOT NULL CHECK (language <> ''),
      status        text NOT NULL CHECK (status IN ('translating', 'ready', 'failed')),
      progress      smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      failure_reason text,
      failure_cause  text,
      burn_status   text CHECK (burn_status IN ('burning', 'ready', 'failed')),
      burn_progress smallint NOT NULL DEFAULT 0 CHECK (burn_progress BETWEEN 0 AND 100),
      hardcoded_key text,
      created_by    integer REFERENCES users (id) ON DELETE SET NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, language)
    );

    ALTER TABLE credit_ledger ADD COLUMN language text;

    INSERT INTO prices (product, price_cents) VALUES ('translation_per_minute', 5)
    ON CONFLICT (product) DO NOTHING;
  `.execute(db);
}
