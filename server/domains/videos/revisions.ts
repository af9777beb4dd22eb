import { MAX_REVISIONS } from '../../../shared/limits';
import { AUDIO_ONLY_TEXTS } from '../../../shared/schemas/input-formats';
import { VIDEO_TEXTS } from '../../../shared/schemas/videos';
import type { Cue } from '../../../shared/subtitles/cue';
// Not the shared/subtitles index, which loads budoux's phrase models (see uploads/accept-upload.ts).
import { writeSrt } from '../../../shared/subtitles/srt-write';
import { isAudioOnly } from '../../../shared/video-status';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import * as repo from './repo';
import type { VideoLook } from './video-look';

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
 * What happens past the free revisions instead of refusing them: a re-burn bought at its price
 * (burn-in/reburns.ts `reburnPurchase`, issue 39). Given by the caller, so the videos domain decides
 * the revision and the burn-in domain prices and charges the re-burn.
 */
export type PastFreeRevisions = (companyId: number, subtitles: Subtitles) => Promise<{ version: number }>;

/** Thrown inside a free attempt that found the free revisions used up, when a purchase may follow. */
class FreeRevisionsUsedUp extends Error {}

export type Subtitles = (trx: Db, video: RevisableVideo) => Promise<RevisedSubtitles>;

/**
 * The one way a finished video gets new subtitles after its first hardcoded video, whether an edited
 * SRT was uploaded or the editor's draft is burned in: kept as the next version, the revision counted,
 * the status back to polling and the hardcoded video made again, all in one transaction. Free up to
 * the 2 revisions of PRODUCT.md §9; past them, with `pastFree`, a re-burn bought at the price of the
 * segments that changed (burn-in/reburns.ts), else refused with `revisionsUsedUp`. A video whose hardcoded
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
  pastFree?: PastFreeRevisions,
): Promise<{ version: number }> {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  try {
    return await freeRevision(services, user, companyId, videoId, subtitles, pastFree !== undefined);
  } catch (error) {
    if (!(error instanceof FreeRevisionsUsedUp) || !pastFree) throw error;
  }
  return pastFree(companyId, subtitles);
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
 * New subtitles in a language added to the video (issue 40), from the editor's draft: kept as that
 * language's next version, and nothing else. It counts no revision, charges nothing and burns
 * nothing: the language's burned video, if any, is then outdated until "Burn in this language" makes
 * it again (the languages domain). The caller has checked that the language is one of the video's,
 * translated; `subtitles` runs once the video is locked, as in `reviseSubtitles`.
 */
export async function reviseAddedLanguage(
  services: Services,
  user: SessionUser,
  videoId: number,
  language: string,
  subtitles: Subtitles,
): Promise<{ version: number }> {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  return transaction(services.db, async (trx) => {
    // The video locked as a revision locks it (step 3 of server/db/locks.ts): two saves number in turn.
    const video = await repo.lockForRevision(trx, companyId, videoId);
    if (!video) throw new NotFound('Video');
    const version = await insertVersion(trx, user, videoId, await subtitles(trx, video), language);
    await publishEvent(trx, { type: 'video', companyId, videoId });
    return { version };
  });
}

/**
 * The revised subtitles kept as the next version of the video's own subtitles (language '') or of an
 * added language's; answers its number.
 */
export async function insertVersion(
  trx: Db,
  user: SessionUser,
  videoId: number,
  revised: RevisedSubtitles,
  language = '',
) {
  const latest = await repo.latestSubtitle(trx, videoId, language);
  const version = (latest?.version ?? -1) + 1;
  await repo.insertSubtitleVersion(trx, {
    videoId,
    language,
    version,
    origin: 'revision',
    name: revised.name,
    srt: writeSrt(revised.cues),
    stats: revised.notes ? { reading: { notes: revised.notes } } : undefined,
    createdBy: user.id,
  });
  return version;
}
