import type { StyleChoice } from '../../../shared/subtitles/subtitle-style';
import type { Db } from '../../db/database';
import type { SegmentPlan } from '../../media/segmented-burn';

export interface NewBurnIn {
  videoId: number;
  subtitleVersionId: number;
  style: StyleChoice;
  ass: string;
  fps: number;
  copyAudio: boolean;
  segments: readonly (SegmentPlan & { done: boolean })[];
}

export async function insertBurnIn(db: Db, burn: NewBurnIn): Promise<number> {
  const { id } = await db
    .insertInto('burn_ins')
    .values({
      video_id: burn.videoId,
      subtitle_version_id: burn.subtitleVersionId,
      subtitle_style: burn.style,
      ass: burn.ass,
      fps: burn.fps,
      copy_audio: burn.copyAudio,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('burn_in_segments')
    .values(
      burn.segments.map((segment) => ({
        burn_in_id: id,
        index: segment.index,
        start_frame: segment.startFrame,
        frames: segment.frames,
        preroll_frames: segment.prerollFrames,
        fingerprint: segment.fingerprint,
        done: segment.done,
      })),
    )
    .execute();
  return id;
}

export function findBurnIn(db: Db, burnInId: number) {
  return db
    .selectFrom('burn_ins')
    .select(['id', 'video_id', 'subtitle_version_id', 'subtitle_style', 'ass', 'fps', 'copy_audio'])
    .where('id', '=', burnInId)
    .executeTakeFirst();
}

export type BurnIn = NonNullable<Awaited<ReturnType<typeof findBurnIn>>>;

/** A burn's segments in order, as the plan made them. */
export async function segmentsOf(db: Db, burnInId: number): Promise<(SegmentPlan & { done: boolean })[]> {
  const rows = await db
    .selectFrom('burn_in_segments')
    .select(['index', 'start_frame', 'frames', 'preroll_frames', 'fingerprint', 'done'])
    .where('burn_in_id', '=', burnInId)
    .orderBy('index')
    .execute();
  return rows.map((row) => ({
    index: row.index,
    startFrame: row.start_frame,
    frames: row.frames,
    prerollFrames: row.preroll_frames,
    fingerprint: row.fingerprint,
    done: row.done,
  }));
}

export function markSegments(db: Db, burnInId: number, indexes: readonly number[], done: boolean) {
  return db
    .updateTable('burn_in_segments')
    .set({ done })
    .where('burn_in_id', '=', burnInId)
    .where('index', 'in', [...indexes])
    .execute();
}

export async function countSegments(db: Db, burnInId: number) {
  const row = await db
    .selectFrom('burn_in_segments')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('index').filterWhere('done', '=', true).as('done'),
    ])
    .where('burn_in_id', '=', burnInId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), done: Number(row.done) };
}

/** Step 3 of server/db/locks.ts: the video alone, as a revision takes it (no company row). */
export function lockVideoForBurn(db: Db, videoId: number) {
  return db.selectFrom('videos').select('id').where('id', '=', videoId).forUpdate().executeTakeFirst();
}

/**
 * What decides whether a burn may still deliver: the video's state, its newest burn and its latest
 * subtitle version. Read after `lockVideoForBurn`, in a statement of its own, so it sees what the
 * transactions that held the video before committed.
 */
export function burnState(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select((eb) => [
      'company_id',
      'source_key',
      'hardcoded_key',
      'hardcoded_status',
      'subtitle_style',
      'deleted_at',
      eb
        .selectFrom('burn_ins')
        .select((inner) => inner.fn.max('burn_ins.id').as('id'))
        .whereRef('burn_ins.video_id', '=', 'videos.id')
        .as('newest_burn_id'),
      eb
        .selectFrom('subtitle_versions')
        .select('subtitle_versions.id')
        .whereRef('subtitle_versions.video_id', '=', 'videos.id')
        // The video's own subtitles: an added language's burn never touches the video's (issue 40).
        .where('subtitle_versions.language', '=', '')
        .orderBy('subtitle_versions.version', 'desc')
        .limit(1)
        .as('latest_version_id'),
    ])
    .where('videos.id', '=', videoId)
    .executeTakeFirst();
}

export type BurnState = NonNullable<Awaited<ReturnType<typeof burnState>>>;

/** The burns a completed one superseded go, with their segment rows; their leftover jobs find nothing. */
export function deleteBurnInsBefore(db: Db, videoId: number, burnInId: number) {
  return db.deleteFrom('burn_ins').where('video_id', '=', videoId).where('id', '<', burnInId).execute();
}

/** The segment fingerprints of this burn and of any newer burn of the video: the files to keep. */
export async function fingerprintsFrom(db: Db, videoId: number, burnInId: number) {
  const rows = await db
    .selectFrom('burn_in_segments')
    .innerJoin('burn_ins', 'burn_ins.id', 'burn_in_segments.burn_in_id')
    .select(['burn_in_segments.index', 'burn_in_segments.fingerprint'])
    .where('burn_ins.video_id', '=', videoId)
    .where('burn_ins.id', '>=', burnInId)
    .execute();
  return rows;
}

/** Moves a running burn-in's bar forward only: a report that arrives late never moves it back. */
export async function advanceHardcodedProgress(db: Db, videoId: number, percent: number) {
  const result = await db
    .updateTable('videos')
    .set({ hardcoded_progress: percent, updated_at: new Date() })
    .where('id', '=', videoId)
    .where('hardcoded_status', '=', 'polling')
    .where('hardcoded_progress', '<', percent)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function markHardcodedCompleted(db: Db, videoId: number, hardcodedKey: string) {
  return db
    .updateTable('videos')
    .set({
      hardcoded_status: 'completed',
      hardcoded_progress: 100,
      hardcoded_key: hardcodedKey,
      failure_reason: null,
      updated_at: new Date(),
    })
    .where('id', '=', videoId)
    .execute();
}
