import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../../../shared/limits';
import { requireAdmin } from '../../rest/guards';
import { entity, many, one } from '../../rest/strapi';
import type { Services } from '../../services';
import { listAudit, recordClientReported } from './service';

export function auditRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/audit-trails', async (request) => {
    requireAdmin(request);
    const query = z
      .object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
      })
      .parse(request.query);
    const { rows, total } = await listAudit(db, query.page, query.pageSize);
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
      { page: query.page, pageSize: query.pageSize, total },
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
