import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendVideo } from '../../http/byte-range';
import type { Services } from '../../services';
import { editorMediaKey } from './service';

const mediaParams = z.object({ token: z.string().max(2000) });

/**
 * The source video the editor plays, inline and seekable, behind the short-lived signed link that
 * `editor.open` hands out: `/api/editor-media/:token`.
 */
export function editorRoutes(app: FastifyInstance, services: Services) {
  app.get('/editor-media/:token', async (request, reply) => {
    const { token } = mediaParams.parse(request.params);
    return sendVideo(
      services.storage,
      await editorMediaKey(services, token),
      request,
      reply,
      'private, max-age=3600',
    );
  });
}
