import { formatEuros } from '../../../shared/money';
import { REBURN_TEXTS, VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { insertVersion, type PastFreeRevisions, type Subtitles } from '../videos/revisions';
import * as videos from '../videos/service';
import { chargeReburn, quoteReburn, reburnPricing } from './reburn-charges';

/**
 * A re-burn bought past the free revisions (issue 39). `confirmedCents` is the price the user agreed
 * to (the editor's dialog): a re-burn that now prices otherwise is refused with the new price. The
 * legacy REST path, which cannot ask, leaves it out and is charged what the re-burn costs.
 */
export interface ReburnPurchase {
  confirmedCents?: number;
}

/** What `reviseSubtitles` does past the free revisions when the caller buys a re-burn. */
/**
 * A re-burn past the free revisions: priced from the plan of the segments that changed (ffprobe and a
 * storage listing first, outside the transaction), then in one transaction the company and the video
 * locked in that order (server/db/locks.ts), the new version kept, the charge written and the burn
 * queued, or none of them. A second click finds the burn under way and is refused with
 * `revisionNotReady`, so a re-burn is charged once. Not counted: revisions stay at 2 / 2.
 */
export function reburnPurchase(
  services: Services,
  user: SessionUser,
  videoId: number,
  purchase: ReburnPurchase,
): PastFreeRevisions {
  return (companyId, subtitles) => buyReburn(services, user, companyId, videoId, subtitles, purchase);
}

async function buyReburn(
  services: Services,
  user: SessionUser,
  companyId: number,
  videoId: number,
  subtitles: Subtitles,
  purchase: ReburnPurchase,
): Promise<{ version: number }> {
  const pricing = await reburnPricing(services, videoId);
  return transaction(services.db, async (trx) => {
    const company = await lockCompany(trx, companyId);
    const video = await videos.lockForRevision(trx, companyId, videoId);
    if (!company || !video) throw new NotFound('Video');
    if (video.hardcoded_status !== 'completed') throw new Conflict(VIDEO_TEXTS.revisionNotReady);
    const revised = await subtitles(trx, video);
    const quote = quoteReburn(services, pricing, revised.cues, revised.look);
    if (purchase.confirmedCents !== undefined && purchase.confirmedCents !== quote.priceCents)
      throw new Conflict(REBURN_TEXTS.priceChanged(formatEuros(quote.priceCents)));
    const version = await insertVersion(trx, user, videoId, revised);
    await chargeReburn(trx, {
      companyId,
      balanceCents: Number(company.credits_cents),
      userId: user.id,
      videoId,
      version,
      filename: video.filename,
      quote,
    });
    await videos.startRevision(trx, videoId, revised.look, false);
    await enqueue(trx, jobs.burnInVideo, { videoId });
    await publishEvent(trx, { type: 'video', companyId, videoId });
    return { version };
  });
}
