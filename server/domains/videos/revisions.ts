import { MAX_REVISIONS } from '../../../shared/limits';
import { UPLOAD_MESSAGES, VIDEO_TEXTS } from '../../../shared/schemas/videos';
// Not the shared/subtitles index, which loads budoux's phrase models (see accept-upload.ts).
import { writeSrt } from '../../../shared/subtitles/srt-write';
import { transaction } from '../../db/transaction';
import { Conflict, NotFound } from '../../errors';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import type { SessionUser } from '../auth/sessions';
import * as repo from './repo';
import type { ReceivedUpload } from './upload-receiver';
import { readUploadedSrt } from './uploaded-srt';

/**
 * An edited SRT for a finished video: kept as a new version, the status back to polling in the same
 * transaction, and the hardcoded video made again. Free up to the 2 revisions of PRODUCT.md §9.
 */
export async function uploadRevision(
  services: Services,
  user: SessionUser,
  videoId: number,
  upload: ReceivedUpload,
) {
  try {
    const subtitles = await readUploadedSrt(upload.files.file, {
      missing: UPLOAD_MESSAGES.editedSrtMissing,
      type: UPLOAD_MESSAGES.editedSrtType,
    });
    const companyId = user.companyId;
    if (!companyId) throw new NotFound('Video');
    // Locks only the video (step 3 of server/db/locks.ts): a free revision never touches the company.
    await transaction(services.db, async (trx) => {
      const video = await repo.lockForRevision(trx, companyId, videoId);
      if (!video) throw new NotFound('Video');
      if (video.revisions >= MAX_REVISIONS) throw new Conflict(VIDEO_TEXTS.revisionsUsedUp);
      if (video.hardcoded_status !== 'completed') throw new Conflict(VIDEO_TEXTS.revisionNotReady);
      const latest = await repo.latestSubtitle(trx, videoId);
      await repo.insertSubtitleVersion(trx, {
        videoId,
        version: (latest?.version ?? -1) + 1,
        origin: 'revision',
        name: subtitles.name,
        srt: writeSrt(subtitles.cues),
      });
      await repo.startRevision(trx, videoId);
      await enqueue(trx, jobs.burnInVideo, { videoId });
      await publishEvent(trx, { type: 'video', companyId, videoId });
    });
  } finally {
    await upload.discard();
  }
}
