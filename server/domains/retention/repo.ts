import { sql } from 'kysely';
import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export function findRetention(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'retention_days as retentionDays'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export async function setRetention(db: Db, companyId: number, days: number | null) {
  const result = await db
    .updateTable('companies')
    .set({ retention_days: days, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Live videos older than their company's retention, oldest first, that no job is working on (a
 * video still processing waits for the next run).
 */
export function findExpiredVideos(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('videos')
    .innerJoin('companies', 'companies.id', 'videos.company_id')
    .select(['videos.id', 'videos.company_id as companyId', 'companies.retention_days as retentionDays'])
    .where('videos.deleted_at', 'is', null)
    .where('companies.retention_days', 'is not', null)
    .where(
      'videos.created_at',
      '<',
      sql<Date>`${now}::timestamptz - companies.retention_days * interval '1 day'`,
    )
    .where('videos.srt_status', '<>', 'polling')
    .where('videos.hardcoded_status', '<>', 'polling')
    .orderBy('videos.created_at')
    .orderBy('videos.id')
    .limit(limit)
    .execute();
}

/**
 * Live videos that retention deletes within `days` of `now` and whose company's admins were not told
 * yet, by company; already expired ones are left to the deletion that runs first.
 */
export function findVideosToWarn(db: Db, now: Date, days: number, limit: number) {
  const deletedFrom = sql<Date>`videos.created_at + companies.retention_days * interval '1 day'`;
  return db
    .selectFrom('videos')
    .innerJoin('companies', 'companies.id', 'videos.company_id')
    .select([
      'videos.id',
      'videos.company_id as companyId',
      'videos.title',
      'videos.filename',
      deletedFrom.as('deletedFrom'),
    ])
    .where('videos.deleted_at', 'is', null)
    .where('videos.retention_warned_at', 'is', null)
    .where('companies.retention_days', 'is not', null)
    .where(deletedFrom, '>=', now)
    .where(deletedFrom, '<', sql<Date>`${now}::timestamptz + ${days} * interval '1 day'`)
    .orderBy('videos.company_id')
    .orderBy('videos.created_at')
    .limit(limit)
    .execute();
}

export function markWarned(db: Db, videoIds: readonly number[], now: Date) {
  return db.updateTable('videos').set({ retention_warned_at: now }).where('id', 'in', videoIds).execute();
}

/** After the retention changes, every video is announced again by the new rule. */
export function forgetWarnings(db: Db, companyId: number) {
  return companyRows(db, companyId)
    .updateTable('videos')
    .set({ retention_warned_at: null })
    .where('retention_warned_at', 'is not', null)
    .execute();
}
