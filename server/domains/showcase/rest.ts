import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { SHOWCASE_FILES } from '../../../shared/schemas/showcase';
import { NotFound } from '../../errors';
import { sendVideo } from '../../http/byte-range';
import type { Services } from '../../services';
import { showcaseFiles } from './service';

const fileParams = z.object({ id, file: z.enum(SHOWCASE_FILES) });

/** The published videos' files, public and seekable: `/api/showcase/:id/original.mp4` and `…/subtitled.mp4`. */
export function showcaseRoutes(app: FastifyInstance, services: Services) {
  app.get('/showcase/:id/:file.mp4', async (request, reply) => {
    const params = fileParams.safeParse(request.params);
    const row = params.success ? await showcaseFiles(services.db, params.data.id) : undefined;
    if (!params.success || !row) throw new NotFound('Published video');
    const key = params.data.file === 'original' ? row.original_key : row.subtitled_key;
    return sendVideo(services.storage, key, request, reply, 'public, max-age=300');
  });
}
