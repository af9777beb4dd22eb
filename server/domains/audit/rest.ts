import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../../../shared/limits';
import { InvalidInput } from '../../errors';
import { requireAdmin } from '../../rest/guards';
import { entity, many, one } from '../../rest/strapi';
import { pageOf, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
import { listAudit, recordClientReported } from './service';

export function auditRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/audit-trails', async (request) => {
    requireAdmin(request);
    // Newest first (sort=id:desc, PRODUCT.md §7); paged in the database, so no other sort or filter.
    const query = parseCollectionQuery(request.query, { fields: ['id'], defaultPageSize: AUDIT_PAGE_SIZE });
    if (query.filters.length > 0 || query.sort.some((order) => order.direction !== 'desc'))
      throw new InvalidInput('The audit trail is listed newest first and cannot be filtered here');
    const page = pageOf(query.window, AUDIT_PAGE_SIZE);
    const { rows, total } = await listAudit(db, page.page, page.pageSize);
    return many(
      rows.map((row) =>
        entity(row.id, {
          createdAt: row.createdAt,
          action: row.action,
          clientReported: row.clientReported,
          user: {
            data: row.userEmail ? { attributes: { email: row.userEmail } } : null,
            email: row.userEmail,
          },
        }),
      ),
      { page: page.page, pageSize: page.pageSize, total },
    );
  });

  /** Accepted from the legacy client (even logged out) but kept apart as client-reported. */
  app.post('/audit-trails', async (request) => {
    const { data } = z
      .object({ data: z.object({ user: z.unknown().optional(), action: z.string().min(1).max(2000) }) })
      .parse(request.body);
    const actor = request.session?.user ?? null;
    await recordClientReported(db, actor, data.action);
    return one(0, { action: data.action, clientReported: true });
  });
}
