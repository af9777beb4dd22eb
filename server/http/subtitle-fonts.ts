import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../errors';
import { prepareSubtitleFonts, SUBTITLE_FONT_NAMES } from '../media/fonts';
import type { Services } from '../services';

/**
 * The faces burn-in draws with, for the editor's preview (libass in the browser draws with the
 * same files, so the preview is the burn-in). Public: they are the product's own open fonts.
 */
export function subtitleFontRoutes(app: FastifyInstance, services: Services) {
  app.get('/subtitle-fonts/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!SUBTITLE_FONT_NAMES.includes(name)) throw new NotFound('Font');
    const { fontsDir } = await prepareSubtitleFonts(services.config.dataDir);
    return reply
      .header('content-type', 'font/ttf')
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(path.join(fontsDir, name)));
  });
}
