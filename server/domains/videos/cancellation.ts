import { VIDEO_CANCEL_TEXTS } from '../../../shared/schemas/video-cancellation';
import { sameCompany } from '../../access/checks';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { removeVideoJobs } from '../../jobs/queue';
import { notify } from '../../realtime/repo';
import type { Services } from '../../services';
import { failLockedVideo } from './failure';
import * as repo from './repo';

/** Workers listen here for the videos whose running jobs must stop (worker/cancellations.ts). */
export const VIDEO_CANCELLED_CHANNEL = 'video_cancelled';

/** The jobs of a video's chain (those that fail it), by their queue names. */
export const VIDEO_STEP_TASKS: readonly string[] = Object.values(jobs).flatMap((job) =>
  'fails' in job ? [job.name] : [],
);

/**
 * A company stops a video still being processed (a video stuck behind a hostile subtitle file, or
 * simply not wanted): its waiting jobs leave the queue, the worker running one kills its ffmpeg
 * (told by a notification when the transaction commits), and the video is failed as a step failing
 * for good fails it: "You cancelled this video.", refunded once if nothing was delivered. It can be
 * deleted at once afterwards.
 */
export async function cancelVideo(services: Pick<Services, 'db'>, user: SessionUser, videoId: number) {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  await transaction(services.db, async (trx) => {
    // The company, then the video (server/db/locks.ts); the refund updates the company held.
    const video = await lockVideoOfCompany(trx, videoId);
    const state = video && (await repo.processingState(trx, videoId));
    if (!video || !state || !sameCompany(video.company_id, companyId) || state.deleted_at)
      throw new NotFound('Video');
    const processing = (['srt_status', 'hardcoded_status'] as const).filter(
      (status) => state[status] === 'polling',
    );
    if (processing.length === 0) throw new Conflict(VIDEO_CANCEL_TEXTS.notProcessing);
    await removeVideoJobs(trx, videoId, VIDEO_STEP_TASKS);
    await failLockedVideo(trx, video, processing, {
      customer: VIDEO_CANCEL_TEXTS.cancelled,
      cause: `cancelled by ${user.email}`,
    });
    await notify(trx, VIDEO_CANCELLED_CHANNEL, String(videoId));
  });
  return { id: videoId };
}
