import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentUpdate } from '../../../shared/schemas/content';
import { requireAdmin } from '../../rest/guards';
import { many, one } from '../../rest/strapi';
import type { Services } from '../../services';
import * as content from './service';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const attributes = ({ page, title, html }: { page: string; title: string; html: string }) => ({
  page,
  title,
  html,
});

export function contentRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/contents', async (request) => {
    const { filters } = z.object({ filters: z.object({ page: z.string() }).optional() }).parse(request.query);
    const entries = filters?.page
      ? [await content.getPage(db, filters.page)]
      : await content.listContents(db);
    return many(entries.map((entry) => ({ id: entry.id, attributes: attributes(entry) })));
  });

  app.get('/contents/:id', async (request) => {
    const entry = await content.getContent(db, idParam.parse(request.params).id);
    return one(entry.id, attributes(entry));
  });

  app.put('/contents/:id', async (request) => {
    requireAdmin(request);
    const { data } = z.object({ data: contentUpdate }).parse(request.body);
    const entry = await content.updateContent(db, idParam.parse(request.params).id, data);
    return one(entry.id, attributes(entry));
  });
}
