import { cents, formatEuros } from '../../../shared/money';
import { FAILURE_TEXTS, refundedNote } from '../../../shared/schemas/videos';
import type { Db } from '../../db/database';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import {
  EngineRefused,
  LanguageModelRefused,
  LanguageModelUnavailable,
  SpeechModelUnavailable,
} from '../../engines/types';
import type { VideoStatus } from '../../jobs/catalog';
import { FfmpegTimedOut } from '../../media/run-ffmpeg';
import { publishEvent } from '../../realtime/event-hub';
import { recordAudit } from '../audit/service';
import { appendLedgerEntry } from '../ledger/service';
import { queueNotice } from '../notices/service';
import { refundFailedReburn } from './reburn-refunds';
import * as repo from './repo';

/**
 * A failure that retrying cannot mend (the video, its audio or its subtitles are unusable). Its
 * message is written for the customer; `technical` is what admins read on Admin › Failed videos
 * (the customer's sentence again would tell them nothing).
 */
export class PermanentFailure extends Error {
  constructor(
    customer: string,
    readonly technical: string,
    options?: ErrorOptions,
  ) {
    super(customer, options);
  }
}

/** What failed, told twice: in plain words for the customer, and technically for admins. */
export interface VideoFailure {
  customer: string;
  cause: string;
}

/** The error and the errors it wraps, one after the other: what admins need to find the fault. */
function technicalCause(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current !== undefined && parts.length < 4; ) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}

/** Our own failures get a plain sentence; a PermanentFailure's message is already written for the customer. */
export function describeFailure(error: unknown, failing: readonly VideoStatus[]): VideoFailure {
  if (error instanceof PermanentFailure) {
    const wrapped = error.cause === undefined ? '' : `: ${technicalCause(error.cause)}`;
    return { customer: error.message, cause: `${error.technical}${wrapped}` };
  }
  const cause = technicalCause(error);
  if (error instanceof SpeechModelUnavailable) return { customer: FAILURE_TEXTS.speechModel, cause };
  if (error instanceof LanguageModelUnavailable || error instanceof LanguageModelRefused)
    return { customer: FAILURE_TEXTS.languageModel, cause };
  if (error instanceof FfmpegTimedOut) return { customer: FAILURE_TEXTS.tooSlow, cause };
  const customer = failing.includes('srt_status') ? FAILURE_TEXTS.subtitles : FAILURE_TEXTS.video;
  return { customer, cause };
}

/** What a step's error does to its video (`stepOutcome`). */
export type StepOutcome =
  | { kind: 'superseded' }
  | { kind: 'retry' }
  | { kind: 'failed'; failure: VideoFailure };

/**
 * The one failure policy of a video's steps (worker/video-step.ts runs it for every job of the chain):
 * - a step of a burn that is no longer the video's current one (`stillCurrent` answers false) fails
 *   nothing: the newer burn (a revision, a new style, the editor's draft) decides the video's fate;
 * - a permanent failure, an engine's refusal and a run stopped at its time limit (it would only hold
 *   a slot as long again) fail the video at once; any other error is tried again with backoff, and
 *   fails it on the step's last attempt;
 * - failing marks the step's statuses failed, in plain words for the customer and with the technical
 *   cause for admins, and refunds the charge once if nothing was delivered (`failVideo`).
 */
export async function stepOutcome(
  error: unknown,
  step: {
    failing: readonly VideoStatus[];
    attempts: number;
    maxAttempts: number;
    stillCurrent?: () => Promise<boolean>;
  },
): Promise<StepOutcome> {
  if (step.stillCurrent && !(await step.stillCurrent())) return { kind: 'superseded' };
  const permanent =
    error instanceof PermanentFailure || error instanceof EngineRefused || error instanceof FfmpegTimedOut;
  if (!permanent && step.attempts < step.maxAttempts) return { kind: 'retry' };
  return { kind: 'failed', failure: describeFailure(error, step.failing) };
}

/**
 * A step failed for good: its statuses turn `failed`, the customer reads `failure.customer` (ending
 * with the refund when there was one), admins read the cause on the video and in the audit trail.
 * A video that delivered nothing gets its charge back, once (the ledger's unique reference is the proof);
 * so does a bought re-burn that failed (reburn-refunds.ts).
 */
export async function failVideo(
  db: Db,
  videoId: number,
  statuses: ('srt_status' | 'hardcoded_status')[],
  failure: VideoFailure,
) {
  await transaction(db, async (trx) => {
    // The company, then the video (server/db/locks.ts); the ledger entry updates the company held.
    const video = await lockVideoOfCompany(trx, videoId);
    if (!video) return;
    await failLockedVideo(trx, video, statuses, failure);
  });
}

/** `failVideo` inside a transaction that holds the company and the video already (cancellation.ts). */
export async function failLockedVideo(
  trx: Db,
  video: NonNullable<Awaited<ReturnType<typeof lockVideoOfCompany>>>,
  statuses: ('srt_status' | 'hardcoded_status')[],
  failure: VideoFailure,
) {
  const videoId = video.id;
  const reference = `video:${videoId}`;
  let refunded = Boolean(await repo.findRefund(trx, reference));
  if (!refunded && !video.hardcoded_key && video.price_cents > 0) {
    await appendLedgerEntry(trx, {
      companyId: video.company_id,
      kind: 'refund',
      amountCents: cents(video.price_cents),
      videoId,
      reference,
      note: failure.customer.slice(0, 200),
    });
    refunded = true;
  }
  // A bought re-burn that failed: the video was delivered before, the re-burn's charge comes back.
  const reburnRefund = await refundFailedReburn(trx, video);
  const refundedCents = reburnRefund ?? (refunded ? video.price_cents : null);
  const reason =
    refundedCents === null
      ? failure.customer
      : `${failure.customer} ${refundedNote(formatEuros(refundedCents))}`;
  await repo.markFailed(trx, videoId, statuses, { reason, cause: failure.cause });
  await recordAudit(
    trx,
    null,
    `Video ${videoId} (${video.filename}) of company ${video.company_id} failed: ${failure.cause}`.slice(
      0,
      2000,
    ),
  );
  await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId, outcome: 'failed' });
  await queueNotice(trx, { kind: 'videoOutcome', videoId, outcome: 'failed' });
}
