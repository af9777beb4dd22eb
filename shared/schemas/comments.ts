import { z } from 'zod';
import { id } from './accounts';

/** Review with teammates (issue 39): the words of both ends. */
export const COMMENT_TEXTS = {
  empty: 'Write something before sending the comment.',
  tooLong: 'A comment holds at most 2000 characters.',
  alreadyResolved: 'This comment was already resolved.',
  linkGone: 'This review link has expired or is not for your company.',
} as const;

export const MAX_COMMENT_LENGTH = 2000;
/** How long a read-only review link opens the editor. */
export const REVIEW_LINK_DAYS = 7;

export const commentBody = z
  .string()
  .trim()
  .min(1, COMMENT_TEXTS.empty)
  .max(MAX_COMMENT_LENGTH, COMMENT_TEXTS.tooLong);

/** A comment on a cue: the cue's id in this editor and its time, which finds it again later. */
export const addCommentInput = z
  .object({
    videoId: id,
    cueId: z.string().min(1).max(64),
    startMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
    endMs: z
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60 * 1000),
    body: commentBody,
  })
  .refine((input) => input.endMs > input.startMs, { message: 'A cue ends after it starts', path: ['endMs'] });

export const commentsOfVideoInput = z.object({ videoId: id });
export const resolveCommentInput = z.object({ id });
export const reviewLinkInput = z.object({ videoId: id });
export const openReviewLinkInput = z.object({ token: z.string().min(1).max(100) });
