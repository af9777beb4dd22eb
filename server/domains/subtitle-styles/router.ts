import { z } from 'zod';
import { id } from '../../../shared/schemas/accounts';
import {
  companyCustomStyleInput,
  companyStyleInput,
  restyleInput,
  stylePreviewInput,
} from '../../../shared/schemas/subtitle-styles';
import { authedProcedure, router } from '../../trpc/trpc';
import * as styles from './service';

/** Subtitle styles (shared/subtitles/subtitle-style.ts): a company's default and own style, a video's re-burn. */
export const subtitleStylesRouter = router({
  companyDefault: authedProcedure
    .input(z.object({ companyId: id.optional() }))
    .query(({ ctx, input }) => styles.companyDefaultStyle(ctx.db, ctx.user, input.companyId)),
  setCompanyDefault: authedProcedure
    .input(companyStyleInput)
    .mutation(({ ctx, input }) => styles.setCompanyDefaultStyle(ctx.db, ctx.user, input)),
  /** Saves the company's own style and makes it the default. */
  setCompanyCustom: authedProcedure
    .input(companyCustomStyleInput)
    .mutation(({ ctx, input }) => styles.setCompanyCustomStyle(ctx.db, ctx.user, input)),
  /** Burns the video again in another style: a revision (PRODUCT.md §1). */
  restyleVideo: authedProcedure
    .input(restyleInput)
    .mutation(({ ctx, input }) => styles.restyleVideo(ctx, ctx.user, input)),
  /** A preset or settings drawn by the burn-in's renderer (PNG, base64). */
  preview: authedProcedure
    .input(stylePreviewInput)
    .query(({ ctx, input }) => styles.stylePreview(ctx, input)),
});
