import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VIDEOS_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { subtitleExportInput } from '../../../shared/schemas/exports';
import { softSubtitleFormat } from '../../../shared/schemas/soft-subtitles';
import { addedLanguage } from '../../../shared/schemas/video-languages';
import { SORT_ORDERS } from '../../../shared/schemas/videos';
import { InvalidInput, NotFound } from '../../errors';
import { attachment } from '../../http/content-disposition';
import { requireUser } from '../../rest/guards';
import { entity, many } from '../../rest/strapi';
import { pageOf, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
import { deleteOwnVideo } from './deletion';
import { hardcodedDownloadUrl, sendSignedDownload } from './downloads';
import { exportSubtitles } from './exports';
import { videoEntity } from './legacy-shape';
import { countVideos, getVideo, latestSubtitles, listVideos } from './read-service';
import { softSubtitlesDownloadUrl } from './soft-subtitles';
import { subtitlesZip } from './subtitles-zip';

// Built once: zod compiles an object schema on its first parse, which per request costs more than the parse.
const searchQuery = z.object({ search: z.string().max(200).optional() });
const sortParams = z.object({ sort: z.enum(SORT_ORDERS) });
const videoQuery = z.object({ id });

/** The ids a filtered collection asks for (`filters[id]=…`, `[$eq]`, `[$in]`): at least one. */
function filteredIds(query: unknown, field: string): number[] {
  const { filters } = parseCollectionQuery(query, { fields: [field], defaultPageSize: 1 });
  const asked = filters.filter((filter) => filter.field === field);
  if (asked.length === 0 || asked.some((filter) => filter.operator !== '$eq' && filter.operator !== '$in'))
    throw new InvalidInput(`filters[${field}] with an id (or [$eq] or [$in]) is required`);
  return asked.flatMap((filter) => filter.values).map((value) => id.parse(value));
}
const downloadQuery = z.object({
  id,
  video_name: z.string().max(300).optional(),
  language: addedLanguage.optional(),
});
const fileParams = z.object({ token: z.string().max(2000) });
const softSubtitlesQuery = z.object({ format: softSubtitleFormat });

export function videoRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  /** A filtered collection, as Strapi answers one: an id that is not the caller's finds nothing. */
  app.get('/upload-logs', async (request) => {
    const user = requireUser(request);
    const found = await Promise.all(
      filteredIds(request.query, 'id').map((videoId) =>
        getVideo(db, user, videoId).catch((error: unknown) => {
          if (error instanceof NotFound) return null;
          throw error;
        }),
      ),
    );
    return many(found.flatMap((video) => (video ? [videoEntity(video)] : [])));
  });

  /** Beside the legacy contract, in Strapi's shape: the deleted entry, as a Strapi delete answers it. */
  app.delete('/upload-logs/:id', async (request) => {
    const { id: videoId } = z.object({ id }).parse(request.params);
    const deleted = await deleteOwnVideo(services, requireUser(request), videoId);
    return { data: entity(deleted.id, { title: deleted.title, deleted: true }), meta: {} };
  });

  app.get('/upload-logs/count', async (request) => countVideos(db, requireUser(request)));

  app.get('/upload-logs/my-company-video', async (request) => {
    const { id: videoId } = videoQuery.parse(request.query);
    return { data: videoEntity(await getVideo(db, requireUser(request), videoId)), meta: {} };
  });

  app.get('/upload-logs/my-company-videos-:sort', async (request) => {
    const user = requireUser(request);
    const { sort } = sortParams.parse(request.params);
    // The order is the path's; the legacy page and pageSize (PRODUCT.md §7) or Strapi's pagination pick the
    // page.
    const { window } = parseCollectionQuery(request.query, { fields: [], defaultPageSize: VIDEOS_PAGE_SIZE });
    const page = pageOf(window, VIDEOS_PAGE_SIZE);
    const { search } = searchQuery.parse(request.query);
    const { videos, total } = await listVideos(db, user, { ...page, sort, search });
    return many(videos.map(videoEntity), { ...page, total });
  });

  app.get('/srts', async (request) => {
    const [videoId = 0] = filteredIds(request.query, 'video_id');
    const subtitle = await latestSubtitles(db, requireUser(request), videoId);
    return many([entity(subtitle.id, { name: subtitle.name, srt_content: subtitle.srt, video_id: videoId })]);
  });

  app.get('/download-hardcoded-url', async (request) => {
    const query = downloadQuery.parse(request.query);
    const presignedUrl = await hardcodedDownloadUrl(
      services,
      requireUser(request),
      query.id,
      query.video_name,
      query.language,
    );
    request.log.info({ videoId: query.id, language: query.language }, 'download link issued');
    return { presignedUrl };
  });

  /** Beside the legacy `/srts`: the latest subtitles as a file of one format, saved as an attachment. */
  app.get('/subtitle-file', async (request, reply) => {
    const query = subtitleExportInput.parse(request.query);
    const file = await exportSubtitles(
      services,
      requireUser(request),
      query.id,
      query.format,
      query.language,
    );
    return reply
      .header('content-type', `${file.mimeType}; charset=utf-8`)
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });

  /** For scripts: the video with its subtitles as tracks, answered as a redirect to its signed link. */
  app.get('/videos/:id/soft-subtitles', async (request, reply) => {
    const { id: videoId } = videoQuery.parse(request.params);
    const { format } = softSubtitlesQuery.parse(request.query);
    const url = await softSubtitlesDownloadUrl(services, requireUser(request), videoId, format);
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  });

  /** Each language's SRT and WebVTT in one ZIP. */
  app.get('/videos/:id/subtitles.zip', async (request, reply) => {
    const { id: videoId } = videoQuery.parse(request.params);
    const zip = await subtitlesZip(services, requireUser(request), videoId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(zip.fileName))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(zip.bytes));
  });

  app.get('/files/:token', async (request, reply) => {
    const { token } = fileParams.parse(request.params);
    return sendSignedDownload(services, token, reply);
  });
}
