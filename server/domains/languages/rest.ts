import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { addLanguageInput } from '../../../shared/schemas/video-languages';
import { requireUser } from '../../rest/guards';
import { entity } from '../../rest/strapi';
import type { Services } from '../../services';
import { addLanguage } from './service';

const videoParams = z.object({ id });
const addLanguageBody = addLanguageInput.omit({ id: true });

/**
 * For scripts (issue 40): `POST /api/videos/{id}/languages` with `{"language":"fr"}` (and
 * `"burn": true` for the burned video too) adds a language, answered in Strapi's shape: the video's
 * id and the language as it stands (translating).
 */
export function languageRoutes(app: FastifyInstance, services: Services) {
  app.post('/videos/:id/languages', async (request) => {
    const { id: videoId } = videoParams.parse(request.params);
    const body = addLanguageBody.parse(request.body ?? {});
    const added = await addLanguage(services, requireUser(request), { id: videoId, ...body });
    request.log.info({ videoId, language: added.language }, 'language added');
    return { data: entity(videoId, added), meta: {} };
  });
}
