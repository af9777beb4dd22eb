import type { OutputLanguage } from '../../../shared/languages';
import { videoOfCompany } from '../../access/repo';
import type { Db } from '../../db/database';

/** A video of the company, with what the editor shows of it; undefined for another company's. */
export function findVideo(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select([
      'id',
      'title',
      'filename',
      'duration_seconds',
      'rso',
      'out_lan',
      'source_key',
      'revisions',
      'hardcoded_status',
      'subtitle_style',
      'custom_style',
    ])
    .executeTakeFirst();
}

/**
 * The video, checked to be the company's and held against deletion while its draft is written (step 3
 * of server/db/locks.ts). FOR KEY SHARE waits only for a revision's FOR UPDATE, never for the
 * worker's progress updates.
 */
export function holdVideoForDraft(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId).select(['id', 'out_lan']).forKeyShare().executeTakeFirst();
}

/**
 * The state of a language added to the company's video (issue 40), undefined when the video is
 * another company's or has no such language.
 */
export function addedLanguageOf(db: Db, companyId: number, videoId: number, language: OutputLanguage) {
  return videoOfCompany(db, companyId, videoId)
    .innerJoin('video_languages', 'video_languages.video_id', 'videos.id')
    .select('video_languages.status')
    .where('video_languages.language', '=', language)
    .executeTakeFirst();
}

/**
 * Every subtitle version of the video in one language ('' for its own subtitles), newest first, with
 * its author's name.
 */
export function listVersions(db: Db, videoId: number, language: string) {
  return db
    .selectFrom('subtitle_versions')
    .leftJoin('users', 'users.id', 'subtitle_versions.created_by')
    .select([
      'subtitle_versions.id',
      'subtitle_versions.version',
      'subtitle_versions.origin',
      'subtitle_versions.name',
      'subtitle_versions.created_at as createdAt',
      'users.username as author',
    ])
    .where('subtitle_versions.video_id', '=', videoId)
    .where('subtitle_versions.language', '=', language)
    .orderBy('subtitle_versions.version', 'desc')
    .execute();
}

export function findVersion(db: Db, videoId: number, versionId: number, language: string) {
  return db
    .selectFrom('subtitle_versions')
    .select('srt_content as srt')
    .where('id', '=', versionId)
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .executeTakeFirst();
}

/** The draft of the video's subtitles in one language ('' for its own). */
export function findDraft(db: Db, videoId: number, language: string) {
  return db
    .selectFrom('subtitle_drafts')
    .leftJoin('users', 'users.id', 'subtitle_drafts.updated_by')
    .select([
      'subtitle_drafts.cues',
      'subtitle_drafts.revision',
      'subtitle_drafts.base_version as baseVersion',
      'subtitle_drafts.updated_at as updatedAt',
      'users.username as updatedBy',
    ])
    .where('subtitle_drafts.video_id', '=', videoId)
    .where('subtitle_drafts.language', '=', language)
    .executeTakeFirst();
}

/** The draft locked for burning in: a save waiting on it then finds it gone. */
export function lockDraft(db: Db, videoId: number, language: string) {
  return db
    .selectFrom('subtitle_drafts')
    .select(['cues', 'revision'])
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The first draft of a video, revision 1; undefined when a draft exists already (another tab saved
 * first: a concurrent insert waits for it and then writes nothing).
 */
export function insertDraft(
  db: Db,
  draft: { videoId: number; language: string; cues: unknown; baseVersion: number; userId: number },
) {
  return db
    .insertInto('subtitle_drafts')
    .values({
      video_id: draft.videoId,
      language: draft.language,
      cues: JSON.stringify(draft.cues),
      base_version: draft.baseVersion,
      revision: 1,
      updated_by: draft.userId,
    })
    .onConflict((conflict) => conflict.columns(['video_id', 'language']).doNothing())
    .returning(['revision', 'updated_at as updatedAt'])
    .executeTakeFirst();
}

/**
 * The next revision of the draft, only if it is still at `seen`: of two saves that saw the same
 * revision, the second waits for the first, finds the revision moved on and writes nothing.
 */
export function updateDraft(
  db: Db,
  draft: { videoId: number; language: string; cues: unknown; seen: number; userId: number },
) {
  return db
    .updateTable('subtitle_drafts')
    .set((eb) => ({
      cues: JSON.stringify(draft.cues),
      revision: eb('revision', '+', 1),
      updated_by: draft.userId,
      updated_at: new Date(),
    }))
    .where('video_id', '=', draft.videoId)
    .where('language', '=', draft.language)
    .where('revision', '=', draft.seen)
    .returning(['revision', 'updated_at as updatedAt'])
    .executeTakeFirst();
}

export async function deleteDraft(db: Db, videoId: number, language: string) {
  const result = await db
    .deleteFrom('subtitle_drafts')
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
