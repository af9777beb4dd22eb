import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import { companyStyleInput, restyleInput } from '../../../shared/schemas/subtitle-styles';
import { authedProcedure, router } from '../../trpc/trpc';
import * as styles from './service';

/** Subtitle styles (shared/subtitles/subtitle-style.ts): a company's default and a video's re-burn. */
export const subtitleStylesRouter = router({
  companyDefault: authedProcedure
    .input(z.object({ companyId: id.optional() }))
    .query(({ ctx, input }) => styles.companyDefaultStyle(ctx.db, ctx.user, input.companyId)),
  setCompanyDefault: authedProcedure
    .input(companyStyleInput)
    .mutation(({ ctx, input }) => styles.setCompanyDefaultStyle(ctx.db, ctx.user, input)),
  /** Burns the video again in another style: a revision (PRODUCT.md §1). */
  restyleVideo: authedProcedure
    .input(restyleInput)
    .mutation(({ ctx, input }) => styles.restyleVideo(ctx, ctx.user, input)),
});
