import { eurosToCents } from '../../../shared/money';
import { lowCreditThresholdInput, noticePreferences } from '../../../shared/schemas/notices';
import { authedProcedure, router } from '../../trpc/trpc';
import {
  noticePreferences as preferencesOf,
  setLowCreditThreshold,
  updateNoticePreferences,
} from './service';

export const noticesRouter = router({
  /** The caller's own switches, and (for a company admin) the company's low-credit threshold. */
  preferences: authedProcedure.query(({ ctx }) => preferencesOf(ctx.db, ctx.user)),
  update: authedProcedure
    .input(noticePreferences)
    .mutation(({ ctx, input }) => updateNoticePreferences(ctx.db, ctx.user, input)),
  setLowCreditThreshold: authedProcedure
    .input(lowCreditThresholdInput)
    .mutation(({ ctx, input }) =>
      setLowCreditThreshold(ctx.db, ctx.user, input.euros === null ? null : eurosToCents(input.euros)),
    ),
});
