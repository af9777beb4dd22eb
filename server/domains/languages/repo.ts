import type { OutputLanguage } from '../../../shared/languages';
import { companyRows, videoOfCompany } from '../../access/repo';
import type { Db } from '../../db/database';

/** What adding, burning and listing a video's languages read of the company's live video. */
const videoColumns = [
  'id',
  'company_id',
  'filename',
  'mode',
  'out_lan',
  'rso',
  'srt_status',
  'srt_progress',
  'hardcoded_status',
  'hardcoded_progress',
  'duration_seconds',
] as const;

export function findVideo(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId).select(videoColumns).executeTakeFirst();
}

/** The company's video locked (step 3 of server/db/locks.ts, after the company). */
export function lockVideo(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId).select(videoColumns).forUpdate().executeTakeFirst();
}

export type LanguagesVideo = NonNullable<Awaited<ReturnType<typeof findVideo>>>;

/** How many charges of this prefix the language had on this video: the next one's attempt is one more. */
export async function countCharges(
  db: Db,
  companyId: number,
  videoId: number,
  language: OutputLanguage,
  referencePrefix: string,
) {
  const row = await companyRows(db, companyId)
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .where('kind', '=', 'charge')
    .where('reference', 'like', `${referencePrefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The language's row made (or a failed one made again) translating, in the transaction that charged
 * it; `burn` marks its burned video bought with it, queued once the translation is done.
 */
export function startTranslation(
  db: Db,
  row: { videoId: number; language: OutputLanguage; userId: number; burn: boolean },
) {
  const values = {
    status: 'translating' as const,
    progress: 0,
    failure_reason: null,
    failure_cause: null,
    burn_status: row.burn ? ('burning' as const) : null,
    burn_progress: 0,
    burn_failure_reason: null,
    hardcoded_key: null,
    created_by: row.userId,
    updated_at: new Date(),
  };
  return db
    .insertInto('video_languages')
    .values({ video_id: row.videoId, language: row.language, ...values })
    .onConflict((conflict) => conflict.columns(['video_id', 'language']).doUpdateSet(values))
    .execute();
}

/** The language's burned video started (its row found as the company's video's, locked with it). */
export function startBurn(db: Db, videoId: number, language: OutputLanguage) {
  return db
    .updateTable('video_languages')
    .set({ burn_status: 'burning', burn_progress: 0, burn_failure_reason: null, updated_at: new Date() })
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .execute();
}
