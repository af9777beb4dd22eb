import { type Kysely, sql } from 'kysely';

/**
 * Self-service: personal API tokens (only their SHA-256 stored, like sessions), a customer's deletion
 * of a video (the row stays as a tombstone the ledger and the audit keep pointing at, its files gone),
 * and a company's retention period (null keeps videos forever).
 *
 * A tombstone no longer counts among the company's videos: the count triggers of 0005 are taught to
 * leave tombstones out when a row is removed or moved, and a new one counts the deletion itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id            serial PRIMARY KEY,
      user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      token_hash    text NOT NULL UNIQUE,
      expires_at    timestamptz,
      last_used_at  timestamptz,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_user ON api_tokens (user_id);

    ALTER TABLE videos ADD COLUMN deleted_at timestamptz;
    ALTER TABLE companies ADD COLUMN retention_days integer CHECK (retention_days BETWEEN 1 AND 3650);

    CREATE OR REPLACE FUNCTION count_removed_videos() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = video_count - removed.videos
        FROM (SELECT company_id, count(*) AS videos FROM removed_videos
               WHERE deleted_at IS NULL GROUP BY company_id) removed
       WHERE companies.id = removed.company_id;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;

    CREATE OR REPLACE FUNCTION count_moved_video() RETURNS trigger AS $$
    BEGIN
      IF OLD.deleted_at IS NULL THEN
        UPDATE companies SET video_count = video_count - 1 WHERE id = OLD.company_id;
        UPDATE companies SET video_count = video_count + 1 WHERE id = NEW.company_id;
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;

    CREATE FUNCTION count_deleted_video() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = video_count - 1 WHERE id = NEW.company_id;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER videos_counted_on_tombstone
      AFTER UPDATE OF deleted_at ON videos
      FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
      EXECUTE FUNCTION count_deleted_video();
  `.execute(db);
}
