import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { showcasePublish } from '../../../shared/schemas/showcase';
import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import * as showcase from './service';

export const showcaseRouter = router({
  /** Public: the home carousel and the Example Videos page. */
  list: publicProcedure.query(({ ctx }) => showcase.listShowcase(ctx.db)),
  candidates: adminProcedure.query(({ ctx }) => showcase.listShowcaseCandidates(ctx.db)),
  publish: adminProcedure
    .input(showcasePublish)
    .mutation(({ ctx, input }) => showcase.publishShowcase(ctx, ctx.user, input)),
  unpublish: adminProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => showcase.unpublishShowcase(ctx, ctx.user, input.id)),
});
