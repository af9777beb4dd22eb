import { type Kysely, sql } from 'kysely';

/**
 * Each company's number of videos, kept by triggers in the transaction that adds or removes the
 * videos. Every page of the videos list carries the total; counting a large company's videos on each
 * request cost more database time than the rest of the request together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies ADD COLUMN video_count integer NOT NULL DEFAULT 0;
    UPDATE companies SET video_count = counted.videos
      FROM (SELECT company_id, count(*) AS videos FROM videos GROUP BY company_id) counted
     WHERE companies.id = counted.company_id;

    -- Per statement, so a bulk insert updates each company once rather than once per video.
    CREATE FUNCTION count_added_videos() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = video_count + added.videos
        FROM (SELECT company_id, count(*) AS videos FROM added_videos GROUP BY company_id) added
       WHERE companies.id = added.company_id;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER videos_counted_on_insert
      AFTER INSERT ON videos REFERENCING NEW TABLE AS added_videos
      FOR EACH STATEMENT EXECUTE FUNCTION count_added_videos();

    CREATE FUNCTION count_removed_videos() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = video_count - removed.videos
        FROM (SELECT company_id, count(*) AS videos FROM removed_videos GROUP BY company_id) removed
       WHERE companies.id = removed.company_id;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER videos_counted_on_delete
      AFTER DELETE ON videos REFERENCING OLD TABLE AS removed_videos
      FOR EACH STATEMENT EXECUTE FUNCTION count_removed_videos();

    -- Per row and only when company_id changes, so progress and status updates never run it.
    CREATE FUNCTION count_moved_video() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = video_count - 1 WHERE id = OLD.company_id;
      UPDATE companies SET video_count = video_count + 1 WHERE id = NEW.company_id;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER videos_counted_on_move
      AFTER UPDATE OF company_id ON videos
      FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
      EXECUTE FUNCTION count_moved_video();

    CREATE FUNCTION count_no_videos() RETURNS trigger AS $$
    BEGIN
      UPDATE companies SET video_count = 0 WHERE video_count <> 0;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER videos_counted_on_truncate
      AFTER TRUNCATE ON videos
      FOR EACH STATEMENT EXECUTE FUNCTION count_no_videos();
  `.execute(db);
}
