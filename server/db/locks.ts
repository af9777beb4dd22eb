import type { Db } from './database';

/**
 * The one lock order of every transaction that touches a company row or moves money:
 *
 *   1. the company row     lockCompany (FOR NO KEY UPDATE; FOR UPDATE only to delete it)
 *   2. user rows           users.lockForAssignment
 *   3. video rows          lockVideoOfCompany, videos.lockForRevision, editor.holdVideoForDraft
 *                          (a burn-in's steps lock the video alone: lockVideoForBurn)
 *   4. then the writes     ledger entries and new videos, whose triggers update the company row
 *                          already held (balance, video count); subtitle versions; the editor's
 *                          draft (locked by a revision, written by a save); a burn-in's rows
 *                          (burn_ins, burn_in_segments); jobs
 *
 * A transaction may skip a step but never go back to an earlier one: a free revision locks only its
 * video and never the company afterwards; a re-burn bought past the free ones (videos/revisions.ts)
 * locks the company first, then the video, then writes its charge. Two transactions following this order cannot deadlock.
 *
 * FOR NO KEY UPDATE rather than FOR UPDATE: it is what the triggers' UPDATE takes anyway (so a
 * transaction never upgrades its own lock, which is how two of them deadlocked before), and it lets
 * rows that merely reference the company (messages, users joining) be written alongside.
 */
/**
 * Advisory locks, apart from the row locks above (no transaction takes one, so they sit outside that
 * order). Each user takes the two-int4 form `pg_*advisory_lock(namespace, key)`, its namespace below;
 * PostgreSQL keeps the two-int4 and the one-bigint forms apart, so a key here meets only its own kind
 * (Kysely's migrator takes the one-bigint 3853314791062309107 while it migrates).
 *
 *   0x74757331 ('tus1')  a resumable upload, key = first 4 bytes of sha256(upload id), held on a
 *                        session of its own for one tus request (domains/uploads/upload-locker.ts).
 *                        Two uploads whose ids hash alike only wait for each other.
 *   0x6c676e31 ('lgn1')  a login's account, then its client address, key = hashtext of the
 *                        login_failures key; held by the short transaction that checks the lock
 *                        and counts the attempt (domains/auth/login-limit.ts). Always the account
 *                        first; a deadlock of two keys hashing alike is retried by transaction().
 */
export const RESUMABLE_UPLOAD_LOCK_NAMESPACE = 0x74757331;
export const LOGIN_FAILURE_LOCK_NAMESPACE = 0x6c676e31;

export function lockCompany(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'credits_cents', 'subtitle_style', 'custom_style'])
    .where('id', '=', companyId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * A video and its company, locked in that order: the company is read first without a lock, locked,
 * then the video locked and checked to still belong to it (a video moved meanwhile is read again).
 */
export async function lockVideoOfCompany(db: Db, videoId: number) {
  for (;;) {
    const owner = await db
      .selectFrom('videos')
      .select('company_id')
      .where('id', '=', videoId)
      .executeTakeFirst();
    if (!owner) return undefined;
    await lockCompany(db, owner.company_id);
    const video = await db
      .selectFrom('videos')
      .select(['id', 'company_id', 'price_cents', 'hardcoded_key', 'created_at', 'filename'])
      .where('id', '=', videoId)
      .forUpdate()
      .executeTakeFirst();
    if (!video || video.company_id === owner.company_id) return video;
  }
}
