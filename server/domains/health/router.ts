import { adminProcedure, publicProcedure, router } from '../../trpc/trpc';
import { isHealthy } from './service';

export const healthRouter = router({
  check: publicProcedure.query(async ({ ctx }) => ({ ok: await isHealthy(ctx) })),
  /** For admins: which engines run, and the speech engine's state with its technical cause. */
  engines: adminProcedure.query(async ({ ctx }) => ({
    description: ctx.engines.describe(),
    speech: ctx.engines.speech.current(),
    languageModel: await ctx.engines.languageModelHealth.refresh(),
  })),
});
