import { z } from 'zod';
import { id } from './accounts';

/** Review with teammates (issue 39): the words of both ends. */
export const COMMENT_TEXTS = {
  empty: 'Write something before sending the comment.',
  tooLong: 'A comment holds at most 2000 characters.',
  alreadyResolved: 'This comment was already resolved.',
  notYours: 'Only the author of a comment can remove it.',
  linkGone: 'This review link has expired or was withdrawn. Ask for a new one.',
  notPermitted: 'This review link does not allow that.',
  nameNeeded: 'Write your name, so the team knows who commented.',
  nameTooLong: 'A name holds at most 60 characters.',
  videoFull:
    'This video already holds 2000 comments made through review links, the most it can hold. Ask the team to read them first.',
  withdrawn: 'Review link withdrawn. It no longer opens the review.',
} as const;

/**
 * What a review link lets its holder do, with or without an account: the one list of it. The routes
 * a review link reaches (server/domains/comments/review-router.ts) each name the permission they
 * need; nothing else accepts a review link: editing, burning, downloads, exports and every other
 * screen of the company need a user of the company.
 */
export const REVIEW_PERMISSIONS = ['readSubtitles', 'readComments', 'addComments'] as const;
export type ReviewPermission = (typeof REVIEW_PERMISSIONS)[number];

export const MAX_COMMENT_LENGTH = 2000;
/** The comments a video holds through review links, at most (its team's own are not counted). */
export const MAX_REVIEW_COMMENTS_PER_VIDEO = 2000;
/** How long a review link opens the video's review. */
export const REVIEW_LINK_DAYS = 7;

export const commentBody = z
  .string()
  .trim()
  .min(1, COMMENT_TEXTS.empty)
  .max(MAX_COMMENT_LENGTH, COMMENT_TEXTS.tooLong);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cue a comment is on: its id in this editor and its time, which finds it again later. */
const cueAnchor = z.object({
  cueId: z.string().min(1).max(64),
  startMs: z.number().int().min(0).max(DAY_MS),
  endMs: z.number().int().min(1).max(DAY_MS),
  body: commentBody,
});
const endsAfterStart = (input: { startMs: number; endMs: number }) => input.endMs > input.startMs;
const endsAfterStartRule = { message: 'A cue ends after it starts', path: ['endMs'] };

/** A comment on a cue by a user of the company. */
export const addCommentInput = cueAnchor.extend({ videoId: id }).refine(endsAfterStart, endsAfterStartRule);

export const commentsOfVideoInput = z.object({ videoId: id });
export const resolveCommentInput = z.object({ id });
export const reviewLinkInput = z.object({ videoId: id });
/** A live review link of the company, by its number in the list (never its token). */
export const withdrawReviewLinkInput = z.object({ id });
/** A review link's token, as its holder sends it with each call. */
export const reviewToken = z.string().min(1).max(100);
export const reviewInput = z.object({ token: reviewToken });
/** A comment through a review link: on a cue of the link's video, signed with a name. */
export const reviewCommentInput = cueAnchor
  .extend({
    token: reviewToken,
    name: z.string().trim().min(1, COMMENT_TEXTS.nameNeeded).max(60, COMMENT_TEXTS.nameTooLong),
  })
  .refine(endsAfterStart, endsAfterStartRule);
