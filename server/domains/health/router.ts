import { publicProcedure, router } from '../../trpc/trpc';
import { isHealthy } from './service';

export const healthRouter = router({
  check: publicProcedure.query(async ({ ctx }) => ({ ok: await isHealthy(ctx) })),
});
