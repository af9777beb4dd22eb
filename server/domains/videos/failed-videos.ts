import type { Db } from '../../db/database';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

const SHOWN = 100;

/** The newest failed videos, for the admins' screen. */
export function listFailedVideos(db: Db) {
  return repo.listFailedForAdmin(db, SHOWN);
}

/**
 * An admin runs a failed video's chain again from the step that failed: the subtitles (from the
 * audio) when they failed, else the burn-in. Nothing is charged again: a refund given stands, so a
 * retried video that completes is the company's for free, and the audit line says so.
 */
export async function retryFailedVideo(db: Db, actor: SessionUser, videoId: number) {
  return transaction(db, async (trx) => {
    // The company, then the video (server/db/locks.ts).
    const video = await lockVideoOfCompany(trx, videoId);
    if (!video) throw new NotFound('Video');
    const state = await repo.findRetryState(trx, videoId);
    if (state.deleted_at) throw new Conflict('Its company deleted this video; there is nothing to retry.');
    if (state.srt_status !== 'failed' && state.hardcoded_status !== 'failed')
      throw new Conflict('This video has not failed; there is nothing to retry.');
    const fromSubtitles = state.mode === 'generate' && state.srt_status === 'failed';
    await repo.resetForRetry(
      trx,
      videoId,
      fromSubtitles ? ['srt_status', 'hardcoded_status'] : ['hardcoded_status'],
    );
    if (fromSubtitles) await enqueue(trx, jobs.extractAudio, { videoId });
    else await enqueue(trx, jobs.burnInVideo, { videoId });
    const refunded = Boolean(await repo.findRefund(trx, `video:${videoId}`));
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} retried video ${videoId} (${video.filename}) of company ${video.company_id} from the ${fromSubtitles ? 'subtitles' : 'burn-in'}${refunded ? '; its refund stands' : ''}`,
    );
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId });
    return { restartedFrom: fromSubtitles ? ('subtitles' as const) : ('burn-in' as const) };
  });
}
