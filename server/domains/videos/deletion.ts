import { VIDEO_DELETION_TEXTS } from '../../../shared/schemas/video-deletion';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { type Actor, recordAudit } from '../audit/service';
import * as repo from './repo';
import { storedVideoFiles } from './video-files';

export const STILL_PROCESSING = VIDEO_DELETION_TEXTS.stillProcessing;

/**
 * Deletes a video of `companyId`: the row becomes a tombstone (the ledger and the audit keep pointing
 * at it), its subtitles go with it, and once that is committed its files are removed from storage,
 * so every read and every download link handed out before is refused from then on. A video still
 * being processed is refused rather than pulled from under its running job, which would write its
 * output back after the removal.
 */
export async function deleteCompanyVideo(
  services: Pick<Services, 'db' | 'storage' | 'logger'>,
  actor: Actor | null,
  companyId: number,
  videoId: number,
  why: string,
) {
  const video = await transaction(services.db, async (trx) => {
    // The company, then the video (server/db/locks.ts): the tombstone's trigger updates the company.
    await lockCompany(trx, companyId);
    const found = await repo.lockForDeletion(trx, companyId, videoId);
    if (!found) throw new NotFound('Video');
    if (found.srt_status === 'polling' || found.hardcoded_status === 'polling')
      throw new Conflict(STILL_PROCESSING);
    await repo.markDeleted(trx, videoId, new Date());
    await recordAudit(
      trx,
      actor,
      `Video ${videoId} (${found.filename}) of company ${companyId} deleted ${why}`,
    );
    await publishEvent(trx, { type: 'video', companyId, videoId });
    return found;
  });
  for (const key of await storedVideoFiles(services.storage, video.source_key, video.hardcoded_key)) {
    await services.storage.remove(key).catch((error: unknown) => {
      // The row is a tombstone already: nothing serves the file any more; the log names what is left over.
      services.logger.error({ err: error, key, videoId }, 'a deleted video file could not be removed');
    });
  }
  return { id: videoId, title: video.title || video.filename };
}

/** A user deletes a video of their own company (My Videos, `videos.delete`, DELETE /api/upload-logs/:id). */
export function deleteOwnVideo(
  services: Pick<Services, 'db' | 'storage' | 'logger'>,
  user: SessionUser,
  videoId: number,
) {
  if (!user.companyId) throw new NotFound('Video');
  return deleteCompanyVideo(services, user, user.companyId, videoId, `by ${user.email}`);
}
