import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { writeSrt } from '../../../shared/subtitles/srt-write';
import { Forbidden, NotFound } from '../../errors';
import { requireUser } from '../../rest/guards';
import type { Services } from '../../services';
import { spendBudget } from '../budgets/service';
import { earlyChecks, readHardcodeSubtitles } from './accept-upload';
import * as repo from './resumable-repo';
import type { ResumableUploads } from './resumable-upload';
import { isCompanyUpload } from './resumable-upload-id';
import { subtitleWarnings } from './subtitle-warnings';
import { receiveUpload } from './upload-receiver';

const uploadParams = z.object({ id: z.string() });
const TUS_VERSION = '1.0.0';

/**
 * Resumable uploads over tus 1.0 (resumable-upload.ts) under /api/videos/uploads/tus, signed in as
 * every upload path is (session cookie or Bearer token), and a hardcode upload's SRT before them.
 */
export function resumableUploadRoutes(app: FastifyInstance, services: Services) {
  let tus: Promise<ResumableUploads> | null = null;
  // Loaded on the first resumable request: the tus server and its stores stay out of a server's
  // memory until someone uses them (bench key upload_peak_rss_mb).
  const tusServer = () => {
    tus ??= import('./resumable-upload').then(({ resumableUploads }) => resumableUploads(services));
    return tus;
  };
  app.addHook('onClose', async () => {
    if (tus) await (await tus).close();
  });

  // PATCH bodies stay unread: the tus server streams them into its store itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /**
   * The caller's own upload, named by the route's parameter alone (the one place its id is read):
   * another company's id, or one that is no upload id, answers as one that does not exist.
   */
  async function ownUpload(request: FastifyRequest) {
    const user = requireUser(request);
    if (!user.companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
    const { id } = uploadParams.parse(request.params);
    if (!isCompanyUpload(user.companyId, id)) throw new NotFound('Upload');
    return { user, id, companyId: user.companyId };
  }

  /** The request to the tus server, with its caller and the upload its route named (none to create one). */
  async function handOver(request: FastifyRequest, reply: FastifyReply, uploadId?: string) {
    const user = requireUser(request);
    const server = await tusServer();
    reply.hijack();
    await server.handle({ user, uploadId }, request.raw, reply.raw);
  }

  app.post('/videos/uploads/tus', async (request, reply) => {
    const user = requireUser(request);
    if (!user.companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
    await handOver(request, reply);
  });

  /**
   * A client whose last PATCH answer was lost asks again: an upload that became a video answers as
   * complete, so the client stops instead of sending (and paying for) the file a second time.
   */
  async function finishedAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    { id, companyId }: { id: string; companyId: number },
  ): Promise<boolean> {
    const finished = await repo.findFinishedUpload(services.db, companyId, id);
    if (!finished) return false;
    reply
      .code(request.method === 'HEAD' ? 200 : 204)
      .header('tus-resumable', TUS_VERSION)
      .header('upload-offset', finished.bytes)
      .header('upload-length', finished.bytes)
      .header('cache-control', 'no-store');
    return true;
  }

  app.route({
    method: ['HEAD', 'PATCH'],
    url: '/videos/uploads/tus/:id',
    handler: async (request, reply) => {
      const upload = await ownUpload(request);
      if (await finishedAnswer(request, reply, upload)) return reply.send();
      await handOver(request, reply, upload.id);
    },
  });

  app.delete('/videos/uploads/tus/:id', async (request, reply) => {
    const { id } = await ownUpload(request);
    await handOver(request, reply, id);
  });

  /** A hardcode upload's SRT, checked as the multipart path checks it, kept until the video's last byte. */
  app.post('/videos/uploads/srt', async (request) => {
    const user = requireUser(request);
    if (!user.companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
    await spendBudget(services, 'upload', { userId: user.id });
    // The forms' path: SRT, WebVTT or ASS, by content.
    const received = await receiveUpload(request, services.tmpDir, earlyChecks('hardcode', 'any-video'));
    try {
      const checked = await readHardcodeSubtitles(received.files.fileSub, 'any-video');
      // Kept as parsed and written back in UTF-8, as the multipart path stores it.
      const srt = writeSrt(checked.cues);
      const id = await repo.insertPendingSrt(services.db, {
        companyId: user.companyId,
        name: checked.name,
        srt,
        readingNotes: checked.notes,
      });
      // The video's length is not known yet: its cues past the end are said when it arrives.
      return { data: { id, notes: [...checked.notes, ...(await subtitleWarnings(checked.cues, null))] } };
    } finally {
      await received.discard();
    }
  });
}
