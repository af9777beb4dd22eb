import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { requireUser } from '../../rest/guards';
import type { Services } from '../../services';
import { spendBudget } from '../budgets/service';
import { countUpload } from '../metrics/uploads';
import { uploadAnswer } from '../videos/legacy-shape';
import { getVideo } from '../videos/read-service';
import { type AcceptedVideos, acceptUpload, earlyChecks, type UploadMode } from './accept-upload';
import { uploadRevision } from './revision-upload';
import { receiveUpload } from './upload-receiver';
import type { SubtitlesIn } from './uploaded-srt';

/** The multipart upload paths (PRODUCT.md §7 and the forms'): a new video, or edited subtitles for one. */
export function uploadRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  const upload =
    (mode: UploadMode, accepted: AcceptedVideos = 'mp4') =>
    async (request: Parameters<typeof requireUser>[0]) => {
      const user = requireUser(request);
      await spendBudget(services, 'upload', { userId: user.id });
      const received = await receiveUpload(request, services.tmpDir, earlyChecks(mode, accepted));
      const videoId = await acceptUpload(services, user, mode, received, accepted);
      request.log.info({ videoId, companyId: user.companyId, mode }, 'video uploaded');
      countUpload(
        mode,
        Object.values(received.files).reduce((bytes, file) => bytes + file.bytes, 0),
      );
      return uploadAnswer(await getVideo(db, user, videoId));
    };
  app.post('/upload-log', upload('generate'));
  app.post('/upload-log/hc', upload('hardcode'));
  // The upload forms' paths: the same fields and answers, and MOV, M4V, MKV and WebM beside MP4.
  app.post('/videos/upload', upload('generate', 'any-video'));
  app.post('/videos/upload/hc', upload('hardcode', 'any-video'));

  const revision = (accepted: SubtitlesIn) => async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    await spendBudget(services, 'upload', { userId: user.id });
    const received = await receiveUpload(request, services.tmpDir);
    const videoId = id.safeParse(received.fields.id);
    if (!videoId.success) {
      await received.discard();
      throw new z.ZodError([
        { code: 'custom', path: ['id'], message: 'A video id is required', input: received.fields.id },
      ]);
    }
    await uploadRevision(services, user, videoId.data, received, accepted);
    request.log.info({ videoId: videoId.data }, 'edited subtitles uploaded');
    return uploadAnswer(await getVideo(db, user, videoId.data));
  };
  app.post('/upload-srt', revision('srt'));
  // The product's own revision upload: the same fields and answer, and WebVTT and ASS beside SRT.
  app.post('/videos/upload-subtitles', revision('srt-webvtt-ass'));
}
