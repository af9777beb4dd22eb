import { MAX_REVISIONS } from '../../../shared/limits';
import { formatEuros } from '../../../shared/money';
import { AUDIO_ONLY_TEXTS } from '../../../shared/schemas/input-formats';
import { REBURN_TEXTS, UPLOAD_MESSAGES, VIDEO_TEXTS } from '../../../shared/schemas/videos';
import type { Cue } from '../../../shared/subtitles/cue';
// Not the shared/subtitles index, which loads budoux's phrase models (see accept-upload.ts).
import { writeSrt } from '../../../shared/subtitles/srt-write';
import { isAudioOnly } from '../../../shared/video-status';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import type { SessionUser } from '../auth/sessions';
import type { VideoLook } from '../subtitle-styles/video-look';
import { chargeReburn, quoteReburn, reburnPricing } from './reburn-charges';
import * as repo from './repo';
import type { ReceivedUpload } from './upload-receiver';
import { readUploadedSrt, type SubtitlesIn } from './uploaded-srt';

/** The video as a revision finds it, locked. */
export type RevisableVideo = NonNullable<Awaited<ReturnType<typeof repo.lockForRevision>>>;

/** The content of a new version: its download name and its cues. */
export interface RevisedSubtitles {
  name: string;
  cues: readonly Cue[];
  /** A new look for the burn-in; the video's own style when absent. */
  look?: VideoLook;
  /** What reading an uploaded file repaired or left out, by line (issue 36). */
  notes?: string[];
}

/**
 * A re-burn bought past the free revisions (issue 39). `confirmedCents` is the price the user agreed
 * to (the editor's dialog): a re-burn that now prices otherwise is refused with the new price. The
 * legacy REST path, which cannot ask, leaves it out and is charged what the re-burn costs.
 */
export interface ReburnPurchase {
  confirmedCents?: number;
}

/** Thrown inside a free attempt that found the free revisions used up, when a purchase may follow. */
class FreeRevisionsUsedUp extends Error {}

type Subtitles = (trx: Db, video: RevisableVideo) => Promise<RevisedSubtitles>;

/**
 * The one way a finished video gets new subtitles after its first hardcoded video, whether an edited
 * SRT was uploaded or the editor's draft is burned in: kept as the next version, the revision counted,
 * the status back to polling and the hardcoded video made again, all in one transaction. Free up to
 * the 2 revisions of PRODUCT.md §9; past them, with a `purchase`, a re-burn bought at the price of the
 * segments that changed (`buyReburn`), else refused with `revisionsUsedUp`. A video whose hardcoded
 * video is not done yet is refused with `revisionNotReady`. An audio-only video (issue 22) has nothing
 * to burn: its revision is the new version and the count alone, and a new style is refused.
 *
 * `subtitles` runs inside the transaction once the video is locked and has passed both checks; it may
 * read and write rows of its own (the editor deletes its draft there), which come after the video in
 * the lock order of server/db/locks.ts. It runs again if the transaction is retried.
 */
export async function reviseSubtitles(
  services: Services,
  user: SessionUser,
  videoId: number,
  subtitles: Subtitles,
  purchase?: ReburnPurchase,
): Promise<{ version: number }> {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  try {
    return await freeRevision(services, user, companyId, videoId, subtitles, purchase !== undefined);
  } catch (error) {
    if (!(error instanceof FreeRevisionsUsedUp) || !purchase) throw error;
  }
  return buyReburn(services, user, companyId, videoId, subtitles, purchase);
}

async function freeRevision(
  services: Services,
  user: SessionUser,
  companyId: number,
  videoId: number,
  subtitles: Subtitles,
  mayBuy: boolean,
): Promise<{ version: number }> {
  // Locks only the video (step 3 of server/db/locks.ts): a free revision never touches the company.
  return transaction(services.db, async (trx) => {
    const video = await repo.lockForRevision(trx, companyId, videoId);
    if (!video) throw new NotFound('Video');
    const audioOnly = isAudioOnly(video);
    if (video.revisions >= MAX_REVISIONS) {
      if (mayBuy && !audioOnly) throw new FreeRevisionsUsedUp();
      throw new Conflict(VIDEO_TEXTS.revisionsUsedUp);
    }
    if (video.hardcoded_status !== 'completed' && !audioOnly)
      throw new Conflict(VIDEO_TEXTS.revisionNotReady);
    const revised = await subtitles(trx, video);
    if (audioOnly && revised.look) throw new Conflict(AUDIO_ONLY_TEXTS.noPictureToBurn);
    const version = await insertVersion(trx, user, videoId, revised);
    if (audioOnly) {
      // Nothing to burn: the new version is the delivered subtitles at once.
      await repo.countRevision(trx, videoId);
    } else {
      await repo.startRevision(trx, videoId, revised.look);
      await enqueue(trx, jobs.burnInVideo, { videoId });
    }
    await publishEvent(trx, { type: 'video', companyId, videoId });
    return { version };
  });
}

/**
 * A re-burn past the free revisions: priced from the plan of the segments that changed (ffprobe and a
 * storage listing first, outside the transaction), then in one transaction the company and the video
 * locked in that order (server/db/locks.ts), the new version kept, the charge written and the burn
 * queued, or none of them. A second click finds the burn under way and is refused with
 * `revisionNotReady`, so a re-burn is charged once. Not counted: revisions stay at 2 / 2.
 */
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
    const video = await repo.lockForRevision(trx, companyId, videoId);
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
    await repo.startRevision(trx, videoId, revised.look, false);
    await enqueue(trx, jobs.burnInVideo, { videoId });
    await publishEvent(trx, { type: 'video', companyId, videoId });
    return { version };
  });
}

/** The revised subtitles kept as the video's next version; answers its number. */
async function insertVersion(trx: Db, user: SessionUser, videoId: number, revised: RevisedSubtitles) {
  const latest = await repo.latestSubtitle(trx, videoId);
  const version = (latest?.version ?? -1) + 1;
  await repo.insertSubtitleVersion(trx, {
    videoId,
    version,
    origin: 'revision',
    name: revised.name,
    srt: writeSrt(revised.cues),
    stats: revised.notes ? { reading: { notes: revised.notes } } : undefined,
    createdBy: user.id,
  });
  return version;
}

/**
 * An edited SRT uploaded for a finished video (PRODUCT.md §1), or on the product's own path a WebVTT or
 * ASS file too: a revision, see `reviseSubtitles`; a third one is a paid re-burn (402 when short).
 */
export async function uploadRevision(
  services: Services,
  user: SessionUser,
  videoId: number,
  upload: ReceivedUpload,
  accepted: SubtitlesIn = 'srt',
) {
  try {
    const subtitles = await readUploadedSrt(
      upload.files.file,
      { missing: UPLOAD_MESSAGES.editedSrtMissing, type: UPLOAD_MESSAGES.editedSrtType },
      accepted,
    );
    // The legacy path cannot ask: past the free revisions, a re-burn is bought at its price (issue 39).
    await reviseSubtitles(services, user, videoId, async () => subtitles, {});
  } finally {
    await upload.discard();
  }
}
