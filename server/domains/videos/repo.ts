import { type ExpressionBuilder, sql } from 'kysely';
import type { OutputLanguage } from '../../../shared/languages';
import { companyRows, videoOfCompany } from '../../access/repo';
import type { Db } from '../../db/database';
import type { Database, HardcodedStatusColumn, VideoStatusColumn } from '../../db/schema';
import type { VideoLook } from './video-look';

/** `subtitle_versions.language` of the video's own subtitles; an added language has its code (migration 0032). */
export const OWN_LANGUAGE = '';

export const listColumns = [
  'id',
  'filename',
  'title',
  'description',
  'mode',
  'rso',
  'in_lan',
  'out_lan',
  'srt_status',
  'hardcoded_status',
  'srt_progress',
  'hardcoded_progress',
  'failure_reason',
  'revisions',
  'duration_seconds',
  'price_cents',
  'company_id',
  'created_at',
] as const;

/** The reading-speed figures stored with a generated SRT (null for the user's own SRT). */
function compliance(eb: ExpressionBuilder<Database, 'videos'>) {
  return eb
    .selectFrom('subtitle_versions')
    .select('subtitle_versions.stats')
    .whereRef('subtitle_versions.video_id', '=', 'videos.id')
    .where('subtitle_versions.language', '=', OWN_LANGUAGE)
    .where('subtitle_versions.origin', '=', 'generated')
    .limit(1)
    .as('compliance');
}

/**
 * What reading the current subtitle file repaired or left out, by line (issue 36): the notes stored
 * with the latest version, null when it was not read from a file or nothing was repaired.
 */
function readingNotes(eb: ExpressionBuilder<Database, 'videos'>) {
  return eb
    .selectFrom('subtitle_versions')
    .select(sql<unknown>`subtitle_versions.stats -> 'reading' -> 'notes'`.as('notes'))
    .whereRef('subtitle_versions.video_id', '=', 'videos.id')
    .where('subtitle_versions.language', '=', OWN_LANGUAGE)
    .orderBy('subtitle_versions.version', 'desc')
    .limit(1)
    .as('reading_notes');
}

export function insertSubtitleVersion(
  db: Db,
  version: {
    videoId: number;
    version: number;
    origin: 'generated' | 'uploaded' | 'revision';
    name: string;
    srt: string;
    stats?: unknown;
    /** The user who made it; absent for generated subtitles. */
    createdBy?: number;
    /** An added language's code; absent for the video's own subtitles. */
    language?: string;
  },
) {
  return db
    .insertInto('subtitle_versions')
    .values({
      video_id: version.videoId,
      language: version.language ?? OWN_LANGUAGE,
      version: version.version,
      origin: version.origin,
      name: version.name,
      srt_content: version.srt,
      stats: version.stats === undefined ? null : JSON.stringify(version.stats),
      created_by: version.createdBy ?? null,
    })
    .execute();
}

/** The latest version of the video's own subtitles, or of an added language's (issue 40). */
export function latestSubtitle(db: Db, videoId: number, language: string = OWN_LANGUAGE) {
  return db
    .selectFrom('subtitle_versions')
    .select(['id', 'version', 'name', 'srt_content as srt', 'stats'])
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findForCompany(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select(listColumns)
    .select(compliance)
    .select(readingNotes)
    .executeTakeFirst();
}

/**
 * The languages added to these live videos of the company (issue 40), oldest first: their state and
 * progress, and the latest version of each (the burned video's is in its key: `burnOutdated`). My
 * Videos' chips read a page of videos; the languages domain one video (inside its locking transaction).
 */
export function languagesOfVideos(db: Db, companyId: number, videoIds: readonly number[]) {
  if (videoIds.length === 0) return Promise.resolve([]);
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('video_languages', 'video_languages.video_id', 'videos.id')
    .select((eb) => [
      'video_languages.video_id',
      'video_languages.language',
      'video_languages.status',
      'video_languages.progress',
      'video_languages.failure_reason',
      'video_languages.burn_status',
      'video_languages.burn_progress',
      'video_languages.burn_failure_reason',
      'video_languages.hardcoded_key',
      eb
        .selectFrom('subtitle_versions')
        .select((inner) => inner.fn.max('subtitle_versions.version').as('version'))
        .whereRef('subtitle_versions.video_id', '=', 'videos.id')
        .whereRef('subtitle_versions.language', '=', 'video_languages.language')
        .as('latest_version'),
    ])
    .where('videos.id', 'in', [...videoIds])
    .where('videos.deleted_at', 'is', null)
    .orderBy('video_languages.created_at')
    .orderBy('video_languages.language')
    .execute();
}

/**
 * The latest own subtitles of those of these videos of the company that have no output language (a
 * user's own SRT), to tell the language they are written in: a page's few dozen rows at most.
 */
export function ownSubtitlesWithoutLanguage(db: Db, companyId: number, videoIds: readonly number[]) {
  if (videoIds.length === 0) return Promise.resolve([]);
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('subtitle_versions', 'subtitle_versions.video_id', 'videos.id')
    .distinctOn('videos.id')
    .select(['videos.id as video_id', 'subtitle_versions.srt_content as srt'])
    .where('videos.id', 'in', [...videoIds])
    .where('videos.out_lan', 'is', null)
    .where('subtitle_versions.language', '=', OWN_LANGUAGE)
    .orderBy('videos.id')
    .orderBy('subtitle_versions.version', 'desc')
    .execute();
}

/** Whether the language added to the company's live video is ready (its subtitles made). */
export async function isReadyLanguage(db: Db, companyId: number, videoId: number, language: string) {
  const row = await companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('video_languages', 'video_languages.video_id', 'videos.id')
    .select('video_languages.language')
    .where('videos.id', '=', videoId)
    .where('videos.deleted_at', 'is', null)
    .where('video_languages.language', '=', language as OutputLanguage)
    .where('video_languages.status', '=', 'ready')
    .executeTakeFirst();
  return row !== undefined;
}

/** The ready languages added to a video of the company, oldest first: the tracks beside its own. */
export async function readyLanguages(db: Db, companyId: number, videoId: number): Promise<OutputLanguage[]> {
  const rows = await companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('video_languages', 'video_languages.video_id', 'videos.id')
    .select('video_languages.language')
    .where('videos.id', '=', videoId)
    .where('videos.deleted_at', 'is', null)
    .where('video_languages.status', '=', 'ready')
    .orderBy('video_languages.created_at')
    .orderBy('video_languages.language')
    .execute();
  return rows.map((row) => row.language);
}

/** What a search matches: file name, title and description, as migration 0007 indexes them. */
const searchText = sql<string>`(filename || E'\\n' || title || E'\\n' || description)`;

/**
 * One page and the number of all matching videos in one query (one round trip, one snapshot): the
 * company's count kept by triggers (migration 0005), or for a search a count over the matches it
 * scans anyway. Only a page with no rows (past the end, or nothing found) asks for the number again.
 */
export async function pageForCompany(
  db: Db,
  companyId: number,
  options: { page: number; pageSize: number; sort: 'asc' | 'desc'; search?: string },
) {
  const own = companyRows(db, companyId).selectFrom('videos');
  // A deleted video's tombstone is not the company's video any more (migration 0014).
  const live = own.where('deleted_at', 'is', null);
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const matching = pattern ? live.where(searchText, 'ilike', pattern) : live;
  const kept = db.selectFrom('companies').select('video_count as total').where('id', '=', companyId);
  const page = await matching
    .select(listColumns)
    .select(compliance)
    .select(readingNotes)
    .select((eb) => (pattern ? eb.fn.countAll<string>().over().as('total') : kept.as('total')))
    .orderBy('created_at', options.sort)
    .orderBy('id', options.sort)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const total =
    page[0]?.total ??
    (pattern
      ? (await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total
      : (await kept.executeTakeFirst())?.total);
  return { videos: page.map(({ total: _, ...video }) => video), total: Number(total ?? 0) };
}

/**
 * The new value of a status column; an audio-only video's hardcoded video stays not applicable
 * whatever happens to its subtitles (a failure, an admin's retry).
 */
function statusUnlessNotApplicable(status: 'srt_status' | 'hardcoded_status', value: VideoStatusColumn) {
  return status === 'hardcoded_status'
    ? sql<HardcodedStatusColumn>`case when hardcoded_status = 'not_applicable' then hardcoded_status else ${value} end`
    : value;
}

export function markFailed(
  db: Db,
  videoId: number,
  statuses: ('srt_status' | 'hardcoded_status')[],
  failure: { reason: string; cause: string },
) {
  return db
    .updateTable('videos')
    .set({
      ...Object.fromEntries(statuses.map((status) => [status, statusUnlessNotApplicable(status, 'failed')])),
      failure_reason: failure.reason.slice(0, 500),
      failure_cause: failure.cause.slice(0, 2000),
      updated_at: new Date(),
    })
    .where('id', '=', videoId)
    .execute();
}

/** Locks the video for a revision so two edited SRTs cannot both pass the "< 2" check. */
export function lockForRevision(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select([
      'id',
      'hardcoded_status',
      'revisions',
      'filename',
      'subtitle_style',
      'custom_style',
      'duration_seconds',
    ])
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Counts the revision (a paid re-burn past the free ones is not counted) and queues the re-burn's
 * status; `look` replaces the video's style.
 */
export function startRevision(db: Db, videoId: number, look?: VideoLook, counted = true) {
  return db
    .updateTable('videos')
    .set({
      hardcoded_status: 'polling',
      hardcoded_progress: 0,
      ...(counted ? { revisions: sql`revisions + 1` } : {}),
      updated_at: new Date(),
      ...(look ? { subtitle_style: look.style, custom_style: look.custom } : {}),
    })
    .where('id', '=', videoId)
    .execute();
}

/** An audio-only video's revision: counted, and nothing to burn again. */
export function countRevision(db: Db, videoId: number) {
  return db
    .updateTable('videos')
    .set({ revisions: sql`revisions + 1`, updated_at: new Date() })
    .where('id', '=', videoId)
    .execute();
}

export function downloadKeys(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select(['id', 'filename', 'title', 'hardcoded_key', 'hardcoded_status'])
    .executeTakeFirst();
}

/**
 * What a language's burned video is downloaded from (issue 40): the company's live video with the
 * language's burned key, `language_key` null when that language has no ready burned video.
 */
export function languageDownloadKeys(db: Db, companyId: number, videoId: number, language: OutputLanguage) {
  return videoOfCompany(db, companyId, videoId)
    .leftJoin('video_languages', (join) =>
      join
        .onRef('video_languages.video_id', '=', 'videos.id')
        .on('video_languages.language', '=', language)
        .on('video_languages.burn_status', '=', 'ready'),
    )
    .select(['videos.id', 'videos.filename', 'videos.title', 'video_languages.hardcoded_key as language_key'])
    .executeTakeFirst();
}

/** The refund of a video's charge, if it was given (by an admin or automatically). */
export function findRefund(db: Db, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .select('id')
    .where('kind', '=', 'refund')
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** A charge by its reference (a paid re-burn's: reburn-charges.ts), to refund it once. */
export function findCharge(db: Db, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['id', 'amount_cents'])
    .where('kind', '=', 'charge')
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Where a failed video's chain stands: what an admin's retry starts again from. */
export function findRetryState(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select(['mode', 'srt_status', 'hardcoded_status', 'deleted_at'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
}

/** Videos with a failed step, newest first, for admins: what the customer read and the cause. */
export async function listFailedForAdmin(db: Db, limit: number) {
  const rows = await db
    .selectFrom('videos')
    .innerJoin('companies', 'companies.id', 'videos.company_id')
    .select((eb) => [
      'videos.id',
      'videos.company_id as companyId',
      'companies.name as companyName',
      'videos.title',
      'videos.mode',
      'videos.failure_reason as failureReason',
      'videos.failure_cause as failureCause',
      'videos.updated_at as failedAt',
      eb
        .exists(
          eb
            .selectFrom('credit_ledger')
            .select('credit_ledger.id')
            .where('credit_ledger.kind', '=', 'refund')
            .whereRef('credit_ledger.video_id', '=', 'videos.id'),
        )
        .as('refunded'),
    ])
    .where((eb) =>
      eb.or([eb('videos.srt_status', '=', 'failed'), eb('videos.hardcoded_status', '=', 'failed')]),
    )
    .where('videos.deleted_at', 'is', null)
    .orderBy('videos.updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows;
}

/** Back to work: the failed statuses to polling at 0 %, the failure texts cleared. */
export function resetForRetry(db: Db, videoId: number, statuses: ('srt_status' | 'hardcoded_status')[]) {
  const progress = { srt_status: 'srt_progress', hardcoded_status: 'hardcoded_progress' } as const;
  return db
    .updateTable('videos')
    .set({
      ...Object.fromEntries(
        statuses.flatMap((status) => [
          [status, statusUnlessNotApplicable(status, 'polling')],
          [progress[status], 0],
        ]),
      ),
      failure_reason: null,
      failure_cause: null,
      updated_at: new Date(),
    })
    .where('id', '=', videoId)
    .execute();
}

/** What a subtitle export needs of the company's video: its names, mode, language and files. */
export function findForExport(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select([
      'id',
      'company_id',
      'title',
      'filename',
      'mode',
      'out_lan',
      'source_key',
      'audio_start_ms',
      'subtitle_style',
      'custom_style',
    ])
    .executeTakeFirst();
}

/** What the video with subtitle tracks is made from: the caller's company's live video. */
export function findForSoftSubtitles(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select(['id', 'title', 'filename', 'out_lan', 'source_key', 'duration_seconds', 'hardcoded_status'])
    .select(['company_id', 'subtitle_style', 'custom_style'])
    .executeTakeFirst();
}

/** The company's live video, locked for deletion (step 3 of server/db/locks.ts, after the company). */
export function lockForDeletion(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select(['id', 'title', 'filename', 'srt_status', 'hardcoded_status', 'source_key', 'hardcoded_key'])
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Makes the video a tombstone: its files' keys, its subtitles, the comments on them and its shot changes go, the row stays for the ledger
 * and the audit. The trigger of migration 0014 takes it off the company's count.
 */
export async function markDeleted(db: Db, videoId: number, at: Date) {
  await db
    .updateTable('videos')
    .set({ deleted_at: at, source_key: null, hardcoded_key: null, updated_at: at })
    .where('id', '=', videoId)
    .execute();
  await db.deleteFrom('subtitle_drafts').where('video_id', '=', videoId).execute();
  await db.deleteFrom('subtitle_versions').where('video_id', '=', videoId).execute();
  // Comments quote the subtitles, and a review link would open nothing (issue 39).
  await db.deleteFrom('cue_comments').where('video_id', '=', videoId).execute();
  await db.deleteFrom('review_links').where('video_id', '=', videoId).execute();
  // Where its picture cuts says something of what it showed.
  await db.deleteFrom('video_shot_changes').where('video_id', '=', videoId).execute();
}

/** Where a video's chain stands: what a step checks before it starts, and what a cancellation checks. */
export function processingState(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select(['company_id', 'srt_status', 'hardcoded_status', 'deleted_at'])
    .where('id', '=', videoId)
    .executeTakeFirst();
}

export function findForBurnIn(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select([
      'id',
      'company_id',
      'source_key',
      'hardcoded_key',
      'out_lan',
      'duration_seconds',
      'hardcoded_status',
      'revisions',
      'subtitle_style',
      'custom_style',
    ])
    .where('id', '=', videoId)
    .executeTakeFirst();
}
