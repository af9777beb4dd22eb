import { formatEuros } from '../../../shared/money';
import { LANGUAGE_TEXTS } from '../../../shared/schemas/video-languages';
import { FAILURE_TEXTS, refundedNote } from '../../../shared/schemas/videos';
import type { Db } from '../../db/database';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { publishEvent } from '../../realtime/event-hub';
import { recordAudit } from '../audit/service';
import { describeFailure, type VideoFailure } from '../videos/failure';
import { refundLanguage } from './charges';
import * as jobRepo from './job-repo';
import type { LanguageJob } from './translation';

/** The customer's words, and the refund when one was given. */
const withRefund = (customer: string, refunded: number | null) =>
  refunded === null ? customer : `${customer} ${refundedNote(formatEuros(refunded))}`;

/**
 * A language's translation failed for good: the language turns failed (the video is untouched), its
 * charge comes back once, and so does its burned video's when one was bought with it. The customer
 * reads plain words; admins read the cause in the audit trail.
 */
export async function failTranslation(db: Db, job: LanguageJob, failure: VideoFailure) {
  await transaction(db, async (trx) => {
    // The company, the video, then the language's row (server/db/locks.ts); the refunds write last.
    const video = await lockVideoOfCompany(trx, job.videoId);
    const row = video && (await jobRepo.lockLanguage(trx, job.videoId, job.language));
    if (!video || row?.status !== 'translating') return;
    const burnFails = row.burn_status === 'burning';
    const refunded = await refundLanguage(trx, { ...job, product: 'translation', note: failure.customer });
    if (burnFails) await refundLanguage(trx, { ...job, product: 'burn', note: failure.customer });
    await jobRepo.markFailed(trx, job.videoId, job.language, {
      reason: withRefund(failure.customer, refunded),
      cause: failure.cause,
      burnFails,
    });
    await recordAudit(
      trx,
      null,
      `Language ${job.language} of video ${job.videoId} (company ${video.company_id}) failed: ${failure.cause}`.slice(
        0,
        2000,
      ),
    );
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId: job.videoId });
  });
}

/**
 * A language's burned video failed for good: its burn state failed, why in plain words (with the refund,
 * as a video's failure says it), its charge back once.
 */
export async function failLanguageBurn(db: Db, job: LanguageJob, failure: VideoFailure) {
  await transaction(db, async (trx) => {
    const video = await lockVideoOfCompany(trx, job.videoId);
    const row = video && (await jobRepo.lockLanguage(trx, job.videoId, job.language));
    if (!video || row?.burn_status !== 'burning') return;
    const refunded = await refundLanguage(trx, { ...job, product: 'burn', note: failure.customer });
    await jobRepo.markBurnFailed(trx, job.videoId, job.language, {
      reason: withRefund(failure.customer, refunded),
      cause: failure.cause,
    });
    await recordAudit(
      trx,
      null,
      `The ${job.language} burn of video ${job.videoId} (company ${video.company_id}) failed: ${failure.cause}`.slice(
        0,
        2000,
      ),
    );
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId: job.videoId });
  });
}

const TRANSLATION_FAILED = 'Translating the subtitles failed.';

/**
 * A language step's error told twice (videos/failure.ts `describeFailure`): a failure already in plain
 * words keeps its words, one of ours says what failed, of the language's own work.
 */
export function describeLanguageFailure(error: unknown, product: 'translation' | 'burn'): VideoFailure {
  const failure = describeFailure(error, ['srt_status']);
  if (failure.customer !== FAILURE_TEXTS.subtitles) return failure;
  return { ...failure, customer: product === 'translation' ? TRANSLATION_FAILED : LANGUAGE_TEXTS.burnFailed };
}
