import type { OutputLanguage } from '../../../shared/languages';
import type { Db } from '../../db/database';

/**
 * The language jobs' SQL: each acts on its own job's video and language, which a company's user added
 * (repo.ts holds the queries the company's screens make, all through server/access).
 */

/** What the translation reads of its video and its language's row. */
export function findForTranslation(db: Db, videoId: number, language: OutputLanguage) {
  return db
    .selectFrom('videos')
    .innerJoin('video_languages', 'video_languages.video_id', 'videos.id')
    .select([
      'videos.id',
      'videos.company_id',
      'videos.filename',
      'videos.out_lan',
      'videos.rso',
      'videos.source_key',
      'videos.duration_seconds',
      'videos.subtitle_style',
      'videos.custom_style',
      'videos.deleted_at',
      'video_languages.status',
      'video_languages.burn_status',
      'video_languages.hardcoded_key',
    ])
    .where('videos.id', '=', videoId)
    .where('video_languages.language', '=', language)
    .executeTakeFirst();
}

/** The language's row locked, after its company and video (server/db/locks.ts). */
export function lockLanguage(db: Db, videoId: number, language: OutputLanguage) {
  return db
    .selectFrom('video_languages')
    .select(['status', 'burn_status', 'hardcoded_key'])
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .forUpdate()
    .executeTakeFirst();
}

/** The bar moves forward only, while the translation runs; answers whether it moved. */
export async function advanceProgress(db: Db, videoId: number, language: OutputLanguage, percent: number) {
  const result = await db
    .updateTable('video_languages')
    .set({ progress: percent, updated_at: new Date() })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .where('status', '=', 'translating')
    .where('progress', '<', percent)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function markReady(db: Db, videoId: number, language: OutputLanguage) {
  return db
    .updateTable('video_languages')
    .set({ status: 'ready', progress: 100, updated_at: new Date() })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .execute();
}

/** The translation failed: the burned video bought with it fails too (nothing to burn). */
export function markFailed(
  db: Db,
  videoId: number,
  language: OutputLanguage,
  failure: { reason: string; cause: string; burnFails: boolean },
) {
  return db
    .updateTable('video_languages')
    .set({
      status: 'failed',
      failure_reason: failure.reason,
      failure_cause: failure.cause,
      ...(failure.burnFails ? { burn_status: 'failed' as const } : {}),
      updated_at: new Date(),
    })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .execute();
}

export async function advanceBurnProgress(
  db: Db,
  videoId: number,
  language: OutputLanguage,
  percent: number,
) {
  const result = await db
    .updateTable('video_languages')
    .set({ burn_progress: percent, updated_at: new Date() })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .where('burn_status', '=', 'burning')
    .where('burn_progress', '<', percent)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function markBurned(db: Db, videoId: number, language: OutputLanguage, hardcodedKey: string) {
  return db
    .updateTable('video_languages')
    .set({ burn_status: 'ready', burn_progress: 100, hardcoded_key: hardcodedKey, updated_at: new Date() })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .execute();
}

export function markBurnFailed(
  db: Db,
  videoId: number,
  language: OutputLanguage,
  failure: { reason: string; cause: string },
) {
  return db
    .updateTable('video_languages')
    .set({
      burn_status: 'failed',
      burn_failure_reason: failure.reason,
      failure_cause: failure.cause,
      updated_at: new Date(),
    })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .execute();
}

/** The newest charge of a kind of this language on this video (its reference names the attempt). */
export function newestCharge(db: Db, videoId: number, language: OutputLanguage, referencePrefix: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['reference', 'amount_cents', 'company_id'])
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .where('kind', '=', 'charge')
    .where('reference', 'like', `${referencePrefix}%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRefund(db: Db, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .select('id')
    .where('kind', '=', 'refund')
    .where('reference', '=', reference)
    .executeTakeFirst();
}
