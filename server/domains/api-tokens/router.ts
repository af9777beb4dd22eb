import { TRPCError } from '@trpc/server';
import { API_TOKEN_MESSAGES, apiTokenCreate, apiTokenRevoke } from '../../../shared/schemas/api-tokens';
import { authedProcedure, router } from '../../trpc/trpc';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

/**
 * Tokens are managed from a login session only: a leaked token must not be able to mint itself a
 * successor that never expires, nor revoke the owner's other tokens.
 */
const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.session.apiTokenId !== undefined)
    throw new TRPCError({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.notFromToken });
  return next();
});

export const apiTokensRouter = router({
  list: sessionProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: sessionProcedure
    .input(apiTokenCreate)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input)),
  revoke: sessionProcedure
    .input(apiTokenRevoke)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id)),
});
