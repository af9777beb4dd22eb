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

/**
 * The subtitle versions of the company's live videos after (`videoId`, `version`): one page of SRTs,
 * of the videos' own subtitles (an added language's versions number apart: issue 40).
 */
export function subtitlesAfter(
  db: Db,
  companyId: number,
  after: { videoId: number; version: number },
  limit: number,
) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('subtitle_versions', 'subtitle_versions.video_id', 'videos.id')
    .select([
      'subtitle_versions.video_id as videoId',
      'subtitle_versions.version',
      'subtitle_versions.origin',
      'subtitle_versions.srt_content as srt',
      'videos.title',
      'videos.filename',
    ])
    .where('videos.deleted_at', 'is', null)
    .where('subtitle_versions.language', '=', '')
    .where((eb) =>
      eb.or([
        eb('subtitle_versions.video_id', '>', after.videoId),
        eb.and([
          eb('subtitle_versions.video_id', '=', after.videoId),
          eb('subtitle_versions.version', '>', after.version),
        ]),
      ]),
    )
    .orderBy('subtitle_versions.video_id')
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
