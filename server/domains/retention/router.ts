import { retentionOf, retentionUpdate } from '../../../shared/schemas/retention';
import { authedProcedure, router } from '../../trpc/trpc';
import { getRetention, setRetention } from './service';

export const retentionRouter = router({
  get: authedProcedure
    .input(retentionOf)
    .query(({ ctx, input }) => getRetention(ctx.db, ctx.user, input.companyId)),
  set: authedProcedure
    .input(retentionUpdate)
    .mutation(({ ctx, input }) => setRetention(ctx.db, ctx.user, input)),
});
