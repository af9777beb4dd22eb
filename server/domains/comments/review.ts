import type { z } from 'zod';
import {
  COMMENT_TEXTS,
  MAX_REVIEW_COMMENTS_PER_VIDEO,
  REVIEW_PERMISSIONS,
  type ReviewPermission,
  type reviewCommentInput,
} from '../../../shared/schemas/comments';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Conflict, DomainError, Forbidden } from '../../errors';
import { sessionIdOf } from '../../http/session-token';
import { publishEvent } from '../../realtime/event-hub';
import { spendBudget } from '../budgets/service';
import { latestSubtitle } from '../videos/service';
import * as repo from './repo';

/** A review link unknown, expired, withdrawn, or of a deleted video: one answer for all, so none is told apart. */
class ReviewLinkGone extends DomainError {
  override readonly status = 404;
  constructor() {
    super(COMMENT_TEXTS.linkGone);
  }
}

/** What a live review link grants: one video of one company, and the permissions written on it. */
export interface ReviewGrant {
  /** The link's own number, which its comment budget is counted by. */
  linkId: number;
  videoId: number;
  companyId: number;
  permissions: ReadonlySet<ReviewPermission>;
}

const known = new Set<string>(REVIEW_PERMISSIONS);

/**
 * The one check of a review link: the token names a live link (not expired nor withdrawn, its video not deleted)
 * whose permissions include `needed`. Every route a review link reaches calls it first; its answer is
 * the only video and company the route may then read or write.
 */
export async function reviewGrant(
  db: Db,
  token: string,
  needed: ReviewPermission,
  now = new Date(),
): Promise<ReviewGrant> {
  const link = await repo.findReviewGrant(db, sessionIdOf(token), now);
  if (!link) throw new ReviewLinkGone();
  const permissions = new Set(link.permissions.filter((name) => known.has(name)) as ReviewPermission[]);
  if (!permissions.has(needed)) throw new Forbidden(COMMENT_TEXTS.notPermitted);
  return { linkId: link.id, videoId: link.videoId, companyId: link.companyId, permissions };
}

/** The review of the link's video: its name, its latest saved subtitles and what the link allows. */
export async function openReview(db: Db, token: string) {
  const grant = await reviewGrant(db, token, 'readSubtitles');
  const [video, latest] = await Promise.all([
    repo.findReviewedVideo(db, grant.companyId, grant.videoId),
    latestSubtitle(db, grant.videoId),
  ]);
  if (!video) throw new ReviewLinkGone();
  return {
    video: { title: video.title || video.filename, durationSeconds: video.durationSeconds },
    srt: latest?.srt ?? '',
    permissions: [...grant.permissions],
  };
}

/** The comments on the link's video. */
export async function reviewComments(db: Db, token: string) {
  const grant = await reviewGrant(db, token, 'readComments');
  const comments = await repo.listForVideo(db, grant.companyId, grant.videoId);
  // Who of the company wrote it is told by name; the ids of its users are not the link's to see.
  return comments.map(({ authorId: _authorId, ...comment }) => comment);
}

/**
 * A comment on a cue of the link's video, signed with the name its writer gave; pushed to the company.
 * A public write, so it is budgeted by the sending address and by the link (429 past either), and a
 * video holds at most MAX_REVIEW_COMMENTS_PER_VIDEO of them, counted under its row's lock.
 */
export async function addReviewComment(
  services: { db: Db; config: Config },
  input: z.output<typeof reviewCommentInput>,
  ip: string,
) {
  const { db } = services;
  const grant = await reviewGrant(db, input.token, 'addComments');
  await spendBudget(services, 'review-comment', { userId: null, ip });
  await spendBudget(services, 'review-link-comment', { reviewLinkId: grant.linkId });
  const { id } = await transaction(db, async (trx) => {
    await repo.holdVideoForGuestComment(trx, grant.videoId);
    if ((await repo.countGuestComments(trx, grant.videoId)) >= MAX_REVIEW_COMMENTS_PER_VIDEO)
      throw new Conflict(COMMENT_TEXTS.videoFull);
    return repo.insertComment(trx, {
      videoId: grant.videoId,
      cueId: input.cueId,
      startMs: input.startMs,
      endMs: input.endMs,
      body: input.body,
      authorId: null,
      guestName: input.name,
    });
  });
  await publishEvent(db, {
    type: 'comment',
    companyId: grant.companyId,
    videoId: grant.videoId,
    change: 'added',
  });
  return { id };
}
