import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { messageInput } from '../../../shared/schemas/messages';
import { requireAdmin, requireUser } from '../../rest/guards';
import { entity, many, one } from '../../rest/strapi';
import type { Services } from '../../services';
import * as messages from './service';

type Message = Awaited<ReturnType<typeof messages.getMessage>>;

const attributes = (message: Message) => ({
  title: message.title,
  message: message.message,
  company: message.companyId,
  companyName: message.companyName,
  createdAt: message.createdAt,
  publishedAt: message.publishedAt,
});

export function messageRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/messages/myCompany', async (request) => {
    const user = requireUser(request);
    const query = z
      .object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
        admin: z.enum(['true', 'false']).optional(),
      })
      .parse(request.query);
    const result = await messages.listMessages(db, user, query.page, query.pageSize, query.admin === 'true');
    const answer = many(
      result.messages.map((message) => entity(message.id, attributes(message))),
      { page: query.page, pageSize: query.pageSize, total: result.total },
    );
    // SPEC reads the total at meta.meta.pagination.total; Strapi's own place stays beside it.
    return { ...answer, meta: { ...answer.meta, meta: { pagination: answer.meta.pagination } } };
  });

  app.get('/messages/:id', async (request) => {
    const message = await messages.getMessage(
      db,
      requireUser(request),
      z.object({ id }).parse(request.params).id,
    );
    return one(message.id, attributes(message));
  });

  app.post('/messages', async (request) => {
    const actor = requireAdmin(request);
    const { data } = z.object({ data: messageInput }).parse(request.body);
    const messageId = await messages.createMessage(db, actor, data);
    return one(messageId, attributes(await messages.getMessage(db, actor, messageId)));
  });

  app.delete('/messages/:id', async (request) => {
    const actor = requireAdmin(request);
    const messageId = z.object({ id }).parse(request.params).id;
    const before = await messages.getMessage(db, actor, messageId);
    await messages.deleteMessage(db, messageId);
    return one(messageId, attributes(before));
  });
}
