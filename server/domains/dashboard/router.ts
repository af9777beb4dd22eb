import { dashboardInput } from '../../../shared/schemas/dashboard';
import { adminProcedure, router } from '../../trpc/trpc';
import { adminDashboard } from './service';

export const dashboardRouter = router({
  /** For admins: minutes, money, failures, the queue, workers and low balances over 7, 30 or 90 days. */
  overview: adminProcedure
    .input(dashboardInput)
    .query(({ ctx, input }) => adminDashboard(ctx.db, input.days)),
});
