import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { messageInput } from '../../../shared/schemas/messages';
import { requireAdmin, requireUser } from '../../rest/guards';
import { collection, entity, one } from '../../rest/strapi';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
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

/** More messages than any company has: the legacy list reads them all, then pages. */
const MAX_MESSAGES_READ = 10_000;

export function messageRoutes(app: FastifyInstance, { db }: Services) {
  app.get('/messages/myCompany', async (request) => {
    const user = requireUser(request);
    const { admin } = z.object({ admin: z.enum(['true', 'false']).optional() }).parse(request.query);
    const query = parseCollectionQuery(request.query, {
      fields: ['id', 'title', 'message', 'company', 'createdAt'],
      defaultPageSize: MESSAGES_PAGE_SIZE,
    });
    // A company's messages are few: read them all (newest first), then page, sort and filter.
    const everything = await messages.listMessages(db, user, 1, MAX_MESSAGES_READ, admin === 'true');
    const window = query.window ?? { kind: 'page' as const, page: 1, pageSize: MESSAGES_PAGE_SIZE };
    const { rows, total } = applyCollectionQuery(
      everything.messages,
      { ...query, window },
      {
        id: (message) => message.id,
        title: (message) => message.title,
        message: (message) => message.message,
        company: (message) => message.companyId,
        createdAt: (message) => new Date(message.createdAt).toISOString(),
      },
    );
    const answer = collection(
      rows.map((message) => entity(message.id, attributes(message))),
      window,
      total,
    );
    // The legacy client (PRODUCT.md §7) reads the total at meta.meta.pagination.total; Strapi's own place
    // stays beside it.
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
