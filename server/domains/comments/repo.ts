import { companyRows, videoOfCompany } from '../../access/repo';
import type { Db } from '../../db/database';

/** The video, if it is the company's and not deleted: the one company check of this domain. */
export function findCompanyVideo(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId).select('id').executeTakeFirst();
}

/** The comments of a video of the company, in the order of the cues, with their authors' names. */
export function listForVideo(db: Db, companyId: number, videoId: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('cue_comments', 'cue_comments.video_id', 'videos.id')
    .leftJoin('users as author', 'author.id', 'cue_comments.author_id')
    .leftJoin('users as resolver', 'resolver.id', 'cue_comments.resolved_by')
    .select([
      'cue_comments.id',
      'cue_comments.cue_id as cueId',
      'cue_comments.start_ms as startMs',
      'cue_comments.end_ms as endMs',
      'cue_comments.body',
      'cue_comments.created_at as createdAt',
      'cue_comments.resolved_at as resolvedAt',
      'cue_comments.author_id as authorId',
      'author.username as author',
      'cue_comments.guest_name as guestName',
      'resolver.username as resolvedBy',
    ])
    .where('cue_comments.video_id', '=', videoId)
    .orderBy('cue_comments.start_ms')
    .orderBy('cue_comments.id')
    .execute();
}

export function insertComment(
  db: Db,
  comment: {
    videoId: number;
    cueId: string;
    startMs: number;
    endMs: number;
    body: string;
    /** A user of the company, or null with the name given through a review link. */
    authorId: number | null;
    guestName?: string;
  },
) {
  return db
    .insertInto('cue_comments')
    .values({
      video_id: comment.videoId,
      cue_id: comment.cueId,
      start_ms: comment.startMs,
      end_ms: comment.endMs,
      body: comment.body,
      author_id: comment.authorId,
      guest_name: comment.guestName ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Resolves a comment of a video of the company, once; undefined when none such is open. */
export function resolveOpenComment(db: Db, companyId: number, commentId: number, userId: number) {
  return db
    .updateTable('cue_comments')
    .set({ resolved_at: new Date(), resolved_by: userId })
    .where('id', '=', commentId)
    .where('resolved_at', 'is', null)
    .where('video_id', 'in', companyRows(db, companyId).selectFrom('videos').select('id'))
    .returning(['id', 'video_id as videoId'])
    .executeTakeFirst();
}

/** Removes a comment of a video of the company that `userId` wrote; undefined when none such exists. */
export function removeOwnComment(db: Db, companyId: number, commentId: number, userId: number) {
  return db
    .deleteFrom('cue_comments')
    .where('video_id', 'in', companyRows(db, companyId).selectFrom('videos').select('id'))
    .where('id', '=', commentId)
    .where('author_id', '=', userId)
    .returning(['id', 'video_id as videoId'])
    .executeTakeFirst();
}

/** Whether the comment exists for the company at all (to tell "already resolved" or "not yours" from "not found"). */
export function findCompanyComment(db: Db, companyId: number, commentId: number) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('cue_comments', 'cue_comments.video_id', 'videos.id')
    .select('cue_comments.id')
    .where('cue_comments.id', '=', commentId)
    .executeTakeFirst();
}

export function insertReviewLink(
  db: Db,
  link: { tokenHash: string; videoId: number; createdBy: number; expiresAt: Date; permissions: string[] },
) {
  return db
    .insertInto('review_links')
    .values({
      token_hash: link.tokenHash,
      video_id: link.videoId,
      created_by: link.createdBy,
      expires_at: link.expiresAt,
      permissions: link.permissions,
    })
    .execute();
}

/**
 * The live review link of a token's SHA-256 (not expired, not withdrawn): its id, its video (not deleted), that video's company and what
 * the link permits. The token is the credential: the queries that follow reach only this video,
 * through companyRows of this company.
 */
export function findReviewGrant(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('review_links')
    .innerJoin('videos', 'videos.id', 'review_links.video_id')
    .select([
      'review_links.id',
      'review_links.video_id as videoId',
      'videos.company_id as companyId',
      'review_links.permissions',
    ])
    .where('review_links.token_hash', '=', tokenHash)
    .where('review_links.expires_at', '>', now)
    .where('review_links.withdrawn_at', 'is', null)
    .where('videos.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** What a review shows of its video: its name and length, nothing else of the company. */
export function findReviewedVideo(db: Db, companyId: number, videoId: number) {
  return videoOfCompany(db, companyId, videoId)
    .select(['title', 'filename', 'duration_seconds as durationSeconds'])
    .executeTakeFirst();
}

/** The live review links of a video of the company (never their tokens): when made, by whom, until when. */
export function liveReviewLinks(db: Db, companyId: number, videoId: number, now: Date) {
  return companyRows(db, companyId)
    .selectFrom('videos')
    .innerJoin('review_links', 'review_links.video_id', 'videos.id')
    .leftJoin('users as creator', 'creator.id', 'review_links.created_by')
    .select([
      'review_links.id',
      'review_links.created_at as createdAt',
      'review_links.expires_at as expiresAt',
      'creator.username as createdBy',
    ])
    .where('videos.id', '=', videoId)
    .where('review_links.expires_at', '>', now)
    .where('review_links.withdrawn_at', 'is', null)
    .orderBy('review_links.created_at', 'desc')
    .orderBy('review_links.id', 'desc')
    .execute();
}

/** Withdraws a live review link of a video of the company, once; undefined when none such is live. */
export function withdrawLiveReviewLink(db: Db, companyId: number, linkId: number, userId: number, now: Date) {
  return db
    .updateTable('review_links')
    .set({ withdrawn_at: now, withdrawn_by: userId })
    .where('id', '=', linkId)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', now)
    .where('video_id', 'in', companyRows(db, companyId).selectFrom('videos').select('id'))
    .returning(['id', 'video_id as videoId'])
    .executeTakeFirst();
}

/**
 * Holds the video's row until the transaction ends, so two comments through review links are
 * counted against the video's cap one after another (locks.ts, step 3 alone).
 */
export function holdVideoForGuestComment(db: Db, videoId: number) {
  return db.selectFrom('videos').select('id').where('id', '=', videoId).forNoKeyUpdate().executeTakeFirst();
}

/** How many comments made through review links (no author among the users) the video holds. */
export async function countGuestComments(db: Db, videoId: number): Promise<number> {
  const row = await db
    .selectFrom('cue_comments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('video_id', '=', videoId)
    .where('guest_name', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
