import { type Cents, cents, formatEuros } from '../../../shared/money';
import { reburnPriceFor, startedMinutes } from '../../../shared/pricing';
import { REBURN_TEXTS } from '../../../shared/schemas/videos';
import type { Cue } from '../../../shared/subtitles/cue';
import { writeSrt } from '../../../shared/subtitles/srt-write';
import type { Db } from '../../db/database';
import { Conflict, InsufficientCredits, NotFound } from '../../errors';
import type { Services } from '../../services';
import { appendLedgerEntry } from '../ledger/service';
import { currentPriceList } from '../prices/service';
import { PermanentFailure } from '../videos/failure';
import { reburnReference } from '../videos/reburn-refunds';
import * as repo from '../videos/service';
import type { VideoLook } from '../videos/video-look';
import {
  type BurnFrame,
  type BurnSource,
  burnFrame,
  burnScript,
  planAgainst,
  secondsToBurn,
  storedSegmentKeys,
} from './burn-plan';

/**
 * What prices a re-burn of one video, read outside any transaction (ffprobe, a storage listing):
 * the picture, the segments earlier burns left in storage and the price per minute.
 */
export interface ReburnPricing {
  source: BurnSource;
  frame: BurnFrame;
  stored: ReadonlySet<string>;
  perMinute: Cents;
}

/** What a re-burn of these subtitles would burn again, and its price (issue 39). */
export interface ReburnQuote {
  priceCents: Cents;
  /** Seconds of the segments whose subtitles changed, which are burned again. */
  changedSeconds: number;
  totalSeconds: number;
  perMinuteCents: Cents;
}

/** The video's picture and stored segments; call it only for a video already checked to be the caller's. */
export async function reburnPricing(services: Services, videoId: number): Promise<ReburnPricing> {
  const video = await repo.findForBurnIn(services.db, videoId);
  if (!video?.source_key) throw new NotFound('Video');
  const source = { ...video, source_key: video.source_key };
  const [frame, stored, prices] = await Promise.all([
    // A source that can no longer be burned into is the customer's answer, not a server error.
    burnFrame(services, source).catch((error: unknown) => {
      throw error instanceof PermanentFailure ? new Conflict(error.message) : error;
    }),
    storedSegmentKeys(services, source.source_key),
    currentPriceList(services.db),
  ]);
  return { source, frame, stored, perMinute: prices.reburnPerMinute };
}

/**
 * The price of burning these cues in this look: the segments the segmented burn-in would burn again
 * (server/domains/burn-in/burn-plan.ts, the same plan `planBurnIn` makes), by started minute.
 */
export function quoteReburn(
  services: Services,
  pricing: ReburnPricing,
  cues: readonly Cue[],
  look?: VideoLook,
): ReburnQuote {
  const ass = burnScript(pricing.source, pricing.frame, writeSrt(cues), look);
  const segments = planAgainst(services, pricing.source.source_key, ass, pricing.frame, pricing.stored);
  const changedSeconds = secondsToBurn(segments, pricing.frame);
  return {
    priceCents: reburnPriceFor(changedSeconds, { reburnPerMinute: pricing.perMinute }),
    changedSeconds,
    totalSeconds: pricing.frame.frames / pricing.frame.fps,
    perMinuteCents: pricing.perMinute,
  };
}

/**
 * Charges a re-burn, inside the transaction that queues it, which holds the company row already
 * (server/db/locks.ts). A balance short of the price is refused with the missing amount in words.
 */
export async function chargeReburn(
  trx: Db,
  charge: {
    companyId: number;
    balanceCents: number;
    userId: number;
    videoId: number;
    version: number;
    filename: string;
    quote: ReburnQuote;
  },
) {
  const price = charge.quote.priceCents;
  if (price === 0) return; // nothing changed: nothing is burned again, nothing is charged
  const missing = price - charge.balanceCents;
  if (missing > 0)
    throw new InsufficientCredits(
      missing,
      REBURN_TEXTS.shortOfCredits(formatEuros(price), formatEuros(charge.balanceCents), formatEuros(missing)),
    );
  await appendLedgerEntry(trx, {
    companyId: charge.companyId,
    kind: 'charge',
    amountCents: cents(-price),
    actorUserId: charge.userId,
    videoId: charge.videoId,
    reference: reburnReference(charge.videoId, charge.version),
    note: REBURN_TEXTS.ledgerNote(charge.filename, startedMinutes(charge.quote.changedSeconds)),
  });
}
