import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentUpdate } from '../../../shared/schemas/content';
import { requireAdmin } from '../../rest/guards';
import { collection, one } from '../../rest/strapi';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
import * as content from './service';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const attributes = ({ page, title, html }: { page: string; title: string; html: string }) => ({
  page,
  title,
  html,
});

export function contentRoutes(app: FastifyInstance, { db }: Services) {
  /**
   * The legacy filters[page]=… (PRODUCT.md §7), and Strapi v4's pagination, sort and filters on id, page and
   * title.
   */
  app.get('/contents', async (request) => {
    const query = parseCollectionQuery(request.query, {
      fields: ['id', 'page', 'title'],
      defaultPageSize: 25,
    });
    const { rows, total } = applyCollectionQuery(await content.listContents(db), query, {
      id: (entry) => entry.id,
      page: (entry) => entry.page,
      title: (entry) => entry.title,
    });
    return collection(
      rows.map((entry) => ({ id: entry.id, attributes: attributes(entry) })),
      query.window,
      total,
    );
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
