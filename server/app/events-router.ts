import { TRPCError } from '@trpc/server';
import { credentialStillOpens } from '../domains/accounts/credentials';
import { authedProcedure, router } from '../trpc/trpc';

export const LIVE_ACCESS_ENDED = 'Your access to this company ended; log in again to see its live updates.';

export const eventsRouter = router({
  /**
   * Live events of the caller's company over SSE; the client refetches what the event names. The
   * stream ends when the session or token it was opened with ends, or the user leaves the company.
   */
  company: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const companyId = ctx.user.companyId;
    if (!companyId || !signal) return;
    const end = yield* ctx.events.stream(companyId, signal, {
      userId: ctx.user.id,
      stillGranted: () => credentialStillOpens(ctx.db, ctx.session, companyId),
    });
    if (end === 'access-ended') throw new TRPCError({ code: 'UNAUTHORIZED', message: LIVE_ACCESS_ENDED });
  }),
});
