import { z } from 'zod';
import { eurosToCents } from '../../../shared/money';
import { assignCompanyInput, id, resetPasswordInput } from '../../../shared/schemas/accounts';
import { adminProcedure, adminSessionProcedure, router } from '../../trpc/trpc';
import * as users from './service';

export const usersRouter = router({
  list: adminProcedure
    .input(z.object({ search: z.string().max(100).optional() }).default({}))
    .query(({ ctx, input }) => users.listUsers(ctx.db, input.search)),
  withoutCompany: adminProcedure.query(({ ctx }) => users.usersWithoutCompany(ctx.db)),
  assignCompany: adminSessionProcedure
    .input(assignCompanyInput)
    .mutation(({ ctx, input }) => users.assignCompany(ctx.db, ctx.user, input)),
  resetPassword: adminSessionProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => users.resetPassword(ctx.db, ctx.user, input)),
  setPrivateCredits: adminProcedure
    .input(z.object({ userId: id, credits: z.number().min(0).max(1_000_000) }))
    .mutation(({ ctx, input }) =>
      users.setPrivateCredits(ctx.db, ctx.user, input.userId, eurosToCents(input.credits)),
    ),
  delete: adminSessionProcedure
    .input(z.object({ userId: id }))
    .mutation(({ ctx, input }) => users.deleteUser(ctx.db, ctx.user, input.userId)),
});
