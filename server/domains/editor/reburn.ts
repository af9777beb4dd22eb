import type { z } from 'zod';
import { downloadName } from '../../../shared/file-names';
import { MAX_REVISIONS } from '../../../shared/limits';
import type { buyReburnInput, reburnQuoteInput } from '../../../shared/schemas/editor';
import { parseSrt } from '../../../shared/subtitles';
import type { Db } from '../../db/database';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { quoteReburn, reburnPricing } from '../burn-in/reburn-charges';
import { reburnPurchase } from '../burn-in/reburns';
import { myCompany } from '../companies/service';
import { lookForRevision } from '../subtitle-styles/service';
import { reviseSubtitles } from '../videos/revisions';
import * as videoRepo from '../videos/service';
import { burnableDraft, companyVideo, ownSubtitlesOnly, unlockedDraft } from './service';

type ReburnQuoteInput = z.output<typeof reburnQuoteInput>;
type BuyReburnInput = z.output<typeof buyReburnInput>;

/**
 * What the editor's "Buy a re-burn" button shows and its dialog confirms (issue 39): the price of
 * re-burning the draft at `revision` (the segments that changed), the company's balance, and
 * whether the free revisions are used up at all (before that, burning in is free).
 */
export async function reburnQuote(services: Services, user: SessionUser, input: ReburnQuoteInput) {
  const video = await companyVideo(services.db, user, input.id);
  await ownSubtitlesOnly(services.db, user, input);
  const [cues, look, pricing, company] = await Promise.all([
    cuesToQuote(services.db, input),
    lookForRevision(services.db, user, input.style),
    reburnPricing(services, video.id),
    myCompany(services.db, user),
  ]);
  return {
    ...quoteReburn(services, pricing, cues, look),
    balanceCents: company?.creditsCents ?? 0,
    free: video.revisions < MAX_REVISIONS,
  };
}

/** The draft at the revision the client saw, or with revision 0 (a new style alone) the latest version. */
async function cuesToQuote(db: Db, input: ReburnQuoteInput) {
  if (input.revision === 0 && input.style) {
    const latest = await videoRepo.latestSubtitle(db, input.id);
    if (latest) return parseSrt(latest.srt);
  }
  return unlockedDraft(db, input);
}

/**
 * Burns the draft in past the free revisions, charged the price the user confirmed
 * (videos/revisions.ts `reviseSubtitles` with burn-in/reburns.ts `reburnPurchase`); with revision 0 and a new style, the latest
 * version is burned again in it. Before the free revisions are used up, it is a free revision.
 */
export async function buyReburn(services: Services, user: SessionUser, input: BuyReburnInput) {
  await ownSubtitlesOnly(services.db, user, input);
  return reviseSubtitles(
    services,
    user,
    input.id,
    async (trx, video) => {
      if (input.revision === 0 && input.style) {
        const latest = await videoRepo.latestSubtitle(trx, input.id);
        const look = await lookForRevision(trx, user, input.style);
        if (latest && look)
          return { name: downloadName(video.filename, '.srt'), cues: parseSrt(latest.srt), look };
      }
      return burnableDraft(trx, user, input, video);
    },
    reburnPurchase(services, user, input.id, { confirmedCents: input.priceCents }),
  );
}
