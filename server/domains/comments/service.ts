import type { z } from 'zod';
import {
  type addCommentInput,
  COMMENT_TEXTS,
  REVIEW_LINK_DAYS,
  REVIEW_PERMISSIONS,
} from '../../../shared/schemas/comments';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { generateSessionToken, sessionIdOf } from '../../http/session-token';
import type { SessionUser } from '../../http/session-user';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/**
 * Review with teammates (issue 39): any user of the video's company reads, adds and resolves the
 * comments on its cues, and removes their own; another company's video is not found. Each addition,
 * resolution and removal is pushed to the company's open browsers (a 'comment' event, published to
 * the video's company only).
 */
function companyOf(user: SessionUser, what = 'Video'): number {
  if (!user.companyId) throw new NotFound(what);
  return user.companyId;
}

export async function commentsOfVideo(db: Db, user: SessionUser, videoId: number) {
  const companyId = companyOf(user);
  if (!(await repo.findCompanyVideo(db, companyId, videoId))) throw new NotFound('Video');
  const comments = await repo.listForVideo(db, companyId, videoId);
  return comments.map(({ authorId, ...comment }) => ({ ...comment, mine: authorId === user.id }));
}

export async function addComment(db: Db, user: SessionUser, input: z.output<typeof addCommentInput>) {
  const companyId = companyOf(user);
  if (!(await repo.findCompanyVideo(db, companyId, input.videoId))) throw new NotFound('Video');
  const { id } = await repo.insertComment(db, { ...input, authorId: user.id });
  await publishEvent(db, { type: 'comment', companyId, videoId: input.videoId, change: 'added' });
  return { id };
}

export async function resolveComment(db: Db, user: SessionUser, commentId: number) {
  const companyId = companyOf(user, 'Comment');
  const resolved = await repo.resolveOpenComment(db, companyId, commentId, user.id);
  if (resolved) {
    await publishEvent(db, { type: 'comment', companyId, videoId: resolved.videoId, change: 'resolved' });
    return { resolved: true };
  }
  if (await repo.findCompanyComment(db, companyId, commentId))
    throw new Conflict(COMMENT_TEXTS.alreadyResolved);
  throw new NotFound('Comment');
}

/** Removes a comment its author wrote; anyone else of the company is told so, another company finds none. */
export async function removeComment(db: Db, user: SessionUser, commentId: number) {
  const companyId = companyOf(user, 'Comment');
  const removed = await repo.removeOwnComment(db, companyId, commentId, user.id);
  if (removed) {
    await publishEvent(db, { type: 'comment', companyId, videoId: removed.videoId, change: 'removed' });
    return { removed: true };
  }
  if (await repo.findCompanyComment(db, companyId, commentId)) throw new Forbidden(COMMENT_TEXTS.notYours);
  throw new NotFound('Comment');
}

/**
 * A review link: a random token (only its SHA-256 is kept, as for sessions) that lets whoever holds
 * it, with or without an account, do what REVIEW_PERMISSIONS lists on this one video, for
 * REVIEW_LINK_DAYS (review.ts).
 */
export async function createReviewLink(services: Services, user: SessionUser, videoId: number) {
  const companyId = companyOf(user);
  if (!(await repo.findCompanyVideo(services.db, companyId, videoId))) throw new NotFound('Video');
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + REVIEW_LINK_DAYS * 24 * 60 * 60 * 1000);
  await repo.insertReviewLink(services.db, {
    tokenHash: sessionIdOf(token),
    videoId,
    createdBy: user.id,
    expiresAt,
    permissions: [...REVIEW_PERMISSIONS],
  });
  return { url: `${services.config.publicUrl}/review/${token}`, expiresAt };
}

/** The video's review links that still open it: when made, by whom, until when; never their tokens. */
export async function reviewLinksOfVideo(db: Db, user: SessionUser, videoId: number) {
  const companyId = companyOf(user);
  if (!(await repo.findCompanyVideo(db, companyId, videoId))) throw new NotFound('Video');
  return repo.liveReviewLinks(db, companyId, videoId, new Date());
}

/**
 * Withdraws a live review link of the company before its days end: from then on its token opens
 * nothing, as an unknown one (review.ts). Another company's link, or one already withdrawn or
 * expired, is not found. The withdrawal is written to the audit log.
 */
export async function withdrawReviewLink(db: Db, user: SessionUser, linkId: number) {
  const companyId = companyOf(user, 'Review link');
  return transaction(db, async (trx) => {
    const withdrawn = await repo.withdrawLiveReviewLink(trx, companyId, linkId, user.id, new Date());
    if (!withdrawn) throw new NotFound('Review link');
    await recordAudit(
      trx,
      user,
      `${user.username} withdrew review link ${withdrawn.id} of video ${withdrawn.videoId} of company ${companyId}`,
    );
    return { withdrawn: true };
  });
}
