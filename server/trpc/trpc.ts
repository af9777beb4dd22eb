import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { DomainError, InsufficientCredits } from '../errors';
import { requireInteractiveSession } from '../http/session-user';
import type { AppContext } from './context';

const codeForStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const t = initTRPC.context<AppContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: cause instanceof z.ZodError ? z.flattenError(cause).fieldErrors : undefined,
        field: cause instanceof DomainError && 'field' in cause ? cause.field : undefined,
        missingCents: cause instanceof InsufficientCredits ? cause.missingCents : undefined,
      },
    };
  },
});

/** Domain errors thrown by services become the matching tRPC code, with their message. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: codeForStatus[cause.status] ?? 'BAD_REQUEST',
      message: cause.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
/** Two routers as one (a domain's procedures under another's name: `videos.addLanguage`). */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You need to log in first' });
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.session.user } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });
  return next();
});

/**
 * For what could take an account over (password, e-mail, username, API tokens, team roles, company
 * membership): a login session, never an API token (requireInteractiveSession).
 */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  requireInteractiveSession(ctx.session);
  return next();
});

/** An admin function of the same kind (another user's password, company or account). */
export const adminSessionProcedure = adminProcedure.use(({ ctx, next }) => {
  requireInteractiveSession(ctx.session);
  return next();
});
