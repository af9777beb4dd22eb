import { z } from 'zod';
import { contentPageName, contentUpdate } from '../../../shared/schemas/content';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import * as content from './service';

export const contentRouter = router({
  page: publicProcedure
    .input(z.object({ page: contentPageName }))
    .query(({ ctx, input }) => content.getPage(ctx.db, input.page)),
  list: adminProcedure.query(({ ctx }) => content.listContents(ctx.db)),
  toReview: adminProcedure.query(({ ctx }) => content.pagesToReview(ctx.db)),
  get: adminProcedure
    .input(z.object({ id: z.number().int() }))
    .query(({ ctx, input }) => content.getContent(ctx.db, input.id)),
  update: adminProcedure
    .input(contentUpdate.extend({ id: z.number().int() }))
    .mutation(({ ctx, input }) => content.updateContent(ctx.db, input.id, input)),
});
