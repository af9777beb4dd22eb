import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database';

/**
 * The rows that name stored files: each video's source and burned-in video, each added language's
 * burned video (issue 40), each showcase copy.
 */
export async function storedFileRows(db: Db) {
  const videos = await db.selectFrom('videos').select(['source_key', 'hardcoded_key']).execute();
  const languages = await db
    .selectFrom('video_languages')
    .select('hardcoded_key')
    .where('hardcoded_key', 'is not', null)
    .execute();
  const showcase = await db.selectFrom('showcase_videos').select(['original_key', 'subtitled_key']).execute();
  return { videos, languages, showcase };
}

export async function serverVersion(db: Db): Promise<{ version: string; major: number }> {
  const row = await sql<{ version: string; num: string }>`
    select current_setting('server_version') as version, current_setting('server_version_num') as num`.execute(
    db,
  );
  return { version: row.rows[0]?.version ?? '', major: Math.floor(Number(row.rows[0]?.num) / 10000) };
}

/** PostgreSQL's online backup starts and stops in one session: `client` is that session. */
export async function startOnlineBackup(client: pg.Client): Promise<void> {
  await client.query(`select pg_backup_start('subtitling backup', true)`);
}

/**
 * Ends the online backup; answers the label the copy needs as its backup_label file, and the last
 * WAL file the copy needs (the one holding the backup's end).
 */
export async function stopOnlineBackup(client: pg.Client): Promise<{ label: string; lastWalFile: string }> {
  const stopped = await client.query<{ labelfile: string; last_wal: string }>(
    'select labelfile, pg_walfile_name(lsn) as last_wal from pg_backup_stop(false)',
  );
  return { label: stopped.rows[0]?.labelfile ?? '', lastWalFile: stopped.rows[0]?.last_wal ?? '' };
}

/** How many tables the application or its queue has in this database (zero: a database to restore into). */
export async function countApplicationTables(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    `select count(*) as n from information_schema.tables where table_schema in ('public', 'graphile_worker')`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
