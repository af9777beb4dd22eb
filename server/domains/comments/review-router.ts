import { reviewCommentInput, reviewInput } from '../../../shared/schemas/comments';
import { publicProcedure, router } from '../../trpc/trpc';
import * as review from './review';

/**
 * What a review link reaches, with or without an account: the token is the credential, sent with
 * each call, and each procedure needs one permission of the link's set (review.ts, reviewGrant).
 */
export const reviewRouter = router({
  /** readSubtitles */
  open: publicProcedure.input(reviewInput).query(({ ctx, input }) => review.openReview(ctx.db, input.token)),
  /** readComments */
  comments: publicProcedure
    .input(reviewInput)
    .query(({ ctx, input }) => review.reviewComments(ctx.db, input.token)),
  /** addComments; budgeted per link and per client address */
  addComment: publicProcedure
    .input(reviewCommentInput)
    .mutation(({ ctx, input }) => review.addReviewComment(ctx, input, ctx.ip)),
});
