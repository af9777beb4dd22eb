import {
  addCommentInput,
  commentsOfVideoInput,
  resolveCommentInput,
  reviewLinkInput,
  withdrawReviewLinkInput,
} from '../../../shared/schemas/comments';
import { authedProcedure, router } from '../../trpc/trpc';
import * as comments from './service';

/**
 * Comments on cues and the review links that share a video, for the users of the video's company
 * (issue 39); what a review link itself reaches is review-router.ts.
 */
export const commentsRouter = router({
  list: authedProcedure
    .input(commentsOfVideoInput)
    .query(({ ctx, input }) => comments.commentsOfVideo(ctx.db, ctx.user, input.videoId)),
  add: authedProcedure
    .input(addCommentInput)
    .mutation(({ ctx, input }) => comments.addComment(ctx.db, ctx.user, input)),
  resolve: authedProcedure
    .input(resolveCommentInput)
    .mutation(({ ctx, input }) => comments.resolveComment(ctx.db, ctx.user, input.id)),
  remove: authedProcedure
    .input(resolveCommentInput)
    .mutation(({ ctx, input }) => comments.removeComment(ctx.db, ctx.user, input.id)),
  createReviewLink: authedProcedure
    .input(reviewLinkInput)
    .mutation(({ ctx, input }) => comments.createReviewLink(ctx, ctx.user, input.videoId)),
  reviewLinks: authedProcedure
    .input(reviewLinkInput)
    .query(({ ctx, input }) => comments.reviewLinksOfVideo(ctx.db, ctx.user, input.videoId)),
  withdrawReviewLink: authedProcedure
    .input(withdrawReviewLinkInput)
    .mutation(({ ctx, input }) => comments.withdrawReviewLink(ctx.db, ctx.user, input.id)),
});
