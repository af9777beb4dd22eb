import { authedProcedure, router } from '../trpc/trpc';

export const eventsRouter = router({
  /** Live events of the caller's company over SSE; the client refetches what the event names. */
  company: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const companyId = ctx.user.companyId;
    if (!companyId || !signal) return;
    yield* ctx.events.stream(companyId, signal);
  }),
});
