import { videoOfCompany } from '../../access/repo';
import type { Db } from '../../db/database';

/**
 * A video of the company with its shot changes when detected (`timesMs` null: not yet); undefined
 * for another company's video or a deleted one.
 */
export function findForEditor(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .leftJoin('video_shot_changes', 'video_shot_changes.video_id', 'videos.id')
    .select(['videos.id', 'videos.hardcoded_status', 'video_shot_changes.times_ms as timesMs'])
    .executeTakeFirst();
}

/** What the detection job reads of a video: its source, and whether it was detected already. */
export function findForDetection(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .leftJoin('video_shot_changes', 'video_shot_changes.video_id', 'videos.id')
    .select([
      'videos.source_key',
      'videos.duration_seconds',
      'videos.hardcoded_status',
      'video_shot_changes.video_id as detected',
    ])
    .where('videos.id', '=', videoId)
    .where('videos.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Keeps the detection once: a second run (a retry, two workers) changes nothing. */
export async function saveShotChanges(db: Db, videoId: number, timesMs: number[]): Promise<void> {
  await db
    .insertInto('video_shot_changes')
    .values({ video_id: videoId, times_ms: timesMs })
    .onConflict((conflict) => conflict.column('video_id').doNothing())
    .execute();
}
