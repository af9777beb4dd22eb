import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

/** The company's live videos after `afterId`, in id order: one page of the export's index. */
export function videosAfter(db: Db, companyId: number, afterId: number, limit: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .select([
      'id',
      'created_at as createdAt',
      'filename',
      'title',
      'mode',
      'in_lan as inLan',
      'out_lan as outLan',
      'srt_status as srtStatus',
      'hardcoded_status as hardcodedStatus',
      'duration_seconds as durationSeconds',
      'price_cents as priceCents',
    ])
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Where a page of subtitle versions ends: the next page starts after it. */
export interface SubtitleVersionKey {
  videoId: number;
  language: string;
  version: number;
}

/**
 * The subtitle versions of the company's live videos after `after`, in (video, language, version)
 * order: one page of SRTs, the video's own ('' language) first, then each added language's (issue 40).
 */
export function subtitlesAfter(db: Db, companyId: number, after: SubtitleVersionKey, limit: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('subtitle_versions', 'subtitle_versions.video_id', 'videos.id')
    .select([
      'subtitle_versions.video_id as videoId',
      'subtitle_versions.language',
      'subtitle_versions.version',
      'subtitle_versions.origin',
      'subtitle_versions.srt_content as srt',
      'videos.title',
      'videos.filename',
    ])
    .where('videos.deleted_at', 'is', null)
    .where((eb) =>
      eb(
        eb.refTuple('subtitle_versions.video_id', 'subtitle_versions.language', 'subtitle_versions.version'),
        '>',
        eb.tuple(after.videoId, after.language, after.version),
      ),
    )
    .orderBy('subtitle_versions.video_id')
    .orderBy('subtitle_versions.language')
    .orderBy('subtitle_versions.version')
    .limit(limit)
    .execute();
}

/** The company's ledger entries after `afterId`, oldest first: one page of the ledger CSV. */
export function ledgerAfter(db: Db, companyId: number, afterId: string, limit: number) {
  return companyRows(db, companyId)
    .selectFrom('credit_ledger')
    .select([
      'id',
      'created_at as createdAt',
      'kind',
      'amount_cents as amountCents',
      'balance_after_cents as balanceAfterCents',
      'video_id as videoId',
      'reference',
      'note',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The comments on the cues of the company's live videos after `afterId`, in id order, with their
 * authors' and resolvers' names: one page of the comments CSV.
 */
export function commentsAfter(db: Db, companyId: number, afterId: number, limit: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('cue_comments', 'cue_comments.video_id', 'videos.id')
    .leftJoin('users as author', 'author.id', 'cue_comments.author_id')
    .leftJoin('users as resolver', 'resolver.id', 'cue_comments.resolved_by')
    .select([
      'cue_comments.id',
      'cue_comments.video_id as videoId',
      'cue_comments.start_ms as startMs',
      'cue_comments.end_ms as endMs',
      'cue_comments.body',
      'author.username as author',
      'cue_comments.guest_name as guestName',
      'cue_comments.created_at as createdAt',
      'cue_comments.resolved_at as resolvedAt',
      'resolver.username as resolvedBy',
    ])
    .where('videos.deleted_at', 'is', null)
    .where('cue_comments.id', '>', afterId)
    .orderBy('cue_comments.id')
    .limit(limit)
    .execute();
}
