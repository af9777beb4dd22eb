import { apiTokenCreate, apiTokenRevoke } from '../../../shared/schemas/api-tokens';
import { router, sessionProcedure } from '../../trpc/trpc';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

// Tokens are managed from a login session only: a leaked token must not mint itself a successor
// that never expires, nor revoke the owner's other tokens.
export const apiTokensRouter = router({
  list: sessionProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: sessionProcedure
    .input(apiTokenCreate)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input)),
  revoke: sessionProcedure
    .input(apiTokenRevoke)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id)),
});
