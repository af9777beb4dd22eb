import type { Db } from '../../db/database';

export function findForGenerate(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select([
      'id',
      'company_id',
      'source_key',
      'rso',
      'in_lan',
      'out_lan',
      'audio_start_ms',
      'duration_seconds',
      'hardcoded_status',
    ])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

/** The uploaded file's name, which the generated subtitles' download is named after. */
export function findFilename(db: Db, videoId: number) {
  return db.selectFrom('videos').select('filename').where('id', '=', videoId).executeTakeFirstOrThrow();
}

export function setSrtProgress(db: Db, videoId: number, percent: number) {
  return db
    .updateTable('videos')
    .set({ srt_progress: percent, updated_at: new Date() })
    .where('id', '=', videoId)
    .execute();
}

/** Moves a running step's bar forward only: a report that arrives late never moves it back. */
export async function advanceSrtProgress(db: Db, videoId: number, percent: number) {
  const result = await db
    .updateTable('videos')
    .set({ srt_progress: percent, updated_at: new Date() })
    .where('id', '=', videoId)
    .where('srt_status', '=', 'polling')
    .where('srt_progress', '<', percent)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function markSrtCompleted(db: Db, videoId: number) {
  return db
    .updateTable('videos')
    .set({ srt_status: 'completed', srt_progress: 100, updated_at: new Date() })
    .where('id', '=', videoId)
    .execute();
}

/** The generated version is version 0; a retried step overwrites its own output. */
export function saveGeneratedSubtitles(
  db: Db,
  version: { videoId: number; name: string; srt: string; stats: unknown },
) {
  return db
    .insertInto('subtitle_versions')
    .values({
      video_id: version.videoId,
      version: 0,
      origin: 'generated',
      name: version.name,
      srt_content: version.srt,
      stats: JSON.stringify(version.stats),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['video_id', 'language', 'version'])
        .doUpdateSet({ srt_content: version.srt, stats: JSON.stringify(version.stats) }),
    )
    .execute();
}
