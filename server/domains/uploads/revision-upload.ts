import { UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { isAudioOnly } from '../../../shared/video-status';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { reburnPurchase } from '../burn-in/reburns';
import { reviseSubtitles } from '../videos/revisions';
import { subtitleWarnings } from './subtitle-warnings';
import type { ReceivedUpload } from './upload-receiver';
import { readUploadedSrt, type SubtitlesIn } from './uploaded-srt';

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
    await reviseSubtitles(
      services,
      user,
      videoId,
      async (_trx, video) => ({
        ...subtitles,
        notes: [
          ...subtitles.notes,
          ...(await subtitleWarnings(subtitles.cues, Number(video.duration_seconds), {
            burned: !isAudioOnly(video),
          })),
        ],
      }),
      // The legacy path cannot ask: past the free revisions, a re-burn is bought at its price (issue 39).
      reburnPurchase(services, user, videoId, {}),
    );
  } finally {
    await upload.discard();
  }
}
