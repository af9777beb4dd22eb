import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VIDEOS_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { SORT_ORDERS } from '../../../shared/schemas/videos';
import { NotFound } from '../../errors';
import { requireUser } from '../../rest/guards';
import { entity, many } from '../../rest/strapi';
import type { Services } from '../../services';
import { acceptUpload, EARLY_CHECKS, type UploadMode } from './accept-upload';
import { hardcodedDownloadUrl, sendSignedDownload } from './downloads';
import { videoEntity } from './legacy-shape';
import { countVideos, getVideo, latestSubtitles, listVideos } from './queries';
import { uploadRevision } from './revisions';
import { receiveUpload } from './upload-receiver';

// Built once: zod compiles an object schema on its first parse, which per request costs more than the parse.
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(VIDEOS_PAGE_SIZE),
  search: z.string().max(200).optional(),
});
const sortParams = z.object({ sort: z.enum(SORT_ORDERS) });
const videoFilter = z.object({ filters: z.object({ id: id }) });
const videoQuery = z.object({ id });
const subtitleFilter = z.object({ filters: z.object({ video_id: id }) });
const downloadQuery = z.object({ id, video_name: z.string().max(300).optional() });
const fileParams = z.object({ token: z.string().max(2000) });

export function videoRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  const upload = (mode: UploadMode) => async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    const received = await receiveUpload(request, services.tmpDir, EARLY_CHECKS[mode]);
    const videoId = await acceptUpload(services, user, mode, received);
    return { data: videoEntity(await getVideo(db, user, videoId)), meta: {} };
  };
  app.post('/upload-log', upload('generate'));
  app.post('/upload-log/hc', upload('hardcode'));

  app.post('/upload-srt', async (request) => {
    const user = requireUser(request);
    const received = await receiveUpload(request, services.tmpDir);
    const videoId = id.safeParse(received.fields.id);
    if (!videoId.success) {
      await received.discard();
      throw new z.ZodError([
        { code: 'custom', path: ['id'], message: 'A video id is required', input: received.fields.id },
      ]);
    }
    await uploadRevision(services, user, videoId.data, received);
    return { data: videoEntity(await getVideo(db, user, videoId.data)), meta: {} };
  });

  /** A filtered collection, as Strapi answers one: an id that is not the caller's finds nothing. */
  app.get('/upload-logs', async (request) => {
    const user = requireUser(request);
    const { filters } = videoFilter.parse(request.query);
    const video = await getVideo(db, user, filters.id).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
    return many(video ? [videoEntity(video)] : []);
  });

  app.get('/upload-logs/count', async (request) => countVideos(db, requireUser(request)));

  app.get('/upload-logs/my-company-video', async (request) => {
    const { id: videoId } = videoQuery.parse(request.query);
    return { data: videoEntity(await getVideo(db, requireUser(request), videoId)), meta: {} };
  });

  app.get('/upload-logs/my-company-videos-:sort', async (request) => {
    const user = requireUser(request);
    const { sort } = sortParams.parse(request.params);
    const query = pageQuery.parse(request.query);
    const { videos, total } = await listVideos(db, user, { ...query, sort });
    return many(videos.map(videoEntity), { page: query.page, pageSize: query.pageSize, total });
  });

  app.get('/srts', async (request) => {
    const { filters } = subtitleFilter.parse(request.query);
    const subtitle = await latestSubtitles(db, requireUser(request), filters.video_id);
    return many([
      entity(subtitle.id, { name: subtitle.name, srt_content: subtitle.srt, video_id: filters.video_id }),
    ]);
  });

  app.get('/download-hardcoded-url', async (request) => {
    const query = downloadQuery.parse(request.query);
    return {
      presignedUrl: await hardcodedDownloadUrl(services, requireUser(request), query.id, query.video_name),
    };
  });

  app.get('/files/:token', async (request, reply) => {
    const { token } = fileParams.parse(request.params);
    return sendSignedDownload(services, token, reply);
  });
}
