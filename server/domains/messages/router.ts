import { z } from 'zod';
import { MESSAGES_PAGE_SIZE } from '../../../shared/limits';
import { id } from '../../../shared/schemas/accounts';
import { messageInput } from '../../../shared/schemas/messages';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';
import * as messages from './service';

const page = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  allCompanies: z.boolean().default(false),
});

export const messagesRouter = router({
  list: authedProcedure
    .input(page)
    .query(({ ctx, input }) =>
      messages.listMessages(ctx.db, ctx.user, input.page, input.pageSize, input.allCompanies),
    ),
  get: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => messages.getMessage(ctx.db, ctx.user, input.id)),
  create: adminProcedure
    .input(messageInput)
    .mutation(({ ctx, input }) => messages.createMessage(ctx.db, ctx.user, input)),
  delete: adminProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => messages.deleteMessage(ctx.db, input.id)),
  unread: authedProcedure.query(({ ctx }) => messages.unreadState(ctx.db, ctx.user)),
  markSeen: authedProcedure.mutation(({ ctx }) => messages.markMessagesSeen(ctx.db, ctx.user)),
});
