import { RETENTION_TEXTS, type RetentionUpdate } from '../../../shared/schemas/retention';
import { sameCompany, seesCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Forbidden, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { isAdminOf } from '../accounts/service';
import { recordAudit } from '../audit/service';
import { queueNotice } from '../notices/service';
import { deleteCompanyVideo } from '../videos/deletion';
import * as repo from './repo';

/** Videos removed per run at most: a first run over years of videos spreads over a few days. */
export const RETENTION_BATCH = 500;
/** The company's admins hear this many days before retention deletes a video. */
export const RETENTION_WARNING_DAYS = 3;

async function mayChange(db: Db, user: SessionUser, companyId: number) {
  return (
    user.role === 'Admin' ||
    (sameCompany(user.companyId, companyId) && (await isAdminOf(db, companyId, user.id)))
  );
}

/** A company's retention, for its members and the platform admins; another company's is not found. */
export async function getRetention(db: Db, user: SessionUser, companyId: number) {
  if (!seesCompany(user, companyId)) throw new NotFound('Company');
  const company = await repo.findRetention(db, companyId);
  if (!company) throw new NotFound('Company');
  return { companyId, retentionDays: company.retentionDays, canChange: await mayChange(db, user, companyId) };
}

/** Sets how long the company's videos are kept: its own admins and the platform admins only. */
export async function setRetention(db: Db, user: SessionUser, input: RetentionUpdate) {
  const { companyId, days } = input;
  if (!(await mayChange(db, user, companyId)))
    throw sameCompany(user.companyId, companyId)
      ? new Forbidden(RETENTION_TEXTS.onlyAdmins)
      : new NotFound('Company');
  await transaction(db, async (trx) => {
    if (!(await repo.setRetention(trx, companyId, days))) throw new NotFound('Company');
    await repo.forgetWarnings(trx, companyId);
    await recordAudit(
      trx,
      user,
      `${user.email} set company ${companyId} to keep videos ${days === null ? 'forever' : `${days} days`}`,
    );
  });
  return { companyId, retentionDays: days, canChange: true };
}

/**
 * The scheduled task's work: every live video older than its company's retention goes the way of a
 * customer's deletion (tombstone, files removed, audit line). Answers how many were removed.
 */
export async function removeExpiredVideos(
  services: Pick<Services, 'db' | 'storage' | 'logger'>,
  now = new Date(),
) {
  const expired = await repo.findExpiredVideos(services.db, now, RETENTION_BATCH);
  let removed = 0;
  for (const video of expired) {
    try {
      await deleteCompanyVideo(
        services,
        null,
        video.companyId,
        video.id,
        `by the company's retention of ${video.retentionDays} days`,
      );
      removed += 1;
    } catch (error) {
      // One video (started processing meanwhile, or deleted by hand) must not stop the others.
      services.logger.warn({ err: error, videoId: video.id }, 'retention could not remove a video');
    }
  }
  return removed;
}

/**
 * The scheduled task's second part: the admins of each company hear once, by e-mail, which videos
 * retention deletes within RETENTION_WARNING_DAYS, while they can still download them. Answers how
 * many videos were announced.
 */
export async function warnOfComingDeletions(services: Pick<Services, 'db'>, now = new Date()) {
  const coming = await repo.findVideosToWarn(services.db, now, RETENTION_WARNING_DAYS, RETENTION_BATCH);
  const byCompany = new Map<number, typeof coming>();
  for (const video of coming)
    byCompany.set(video.companyId, [...(byCompany.get(video.companyId) ?? []), video]);
  for (const [companyId, videos] of byCompany) {
    const videoIds = videos.map((video) => video.id);
    await transaction(services.db, async (trx) => {
      await repo.markWarned(trx, videoIds, now);
      await queueNotice(trx, {
        kind: 'retentionWarning',
        companyId,
        videoIds,
        day: now.toISOString().slice(0, 10),
      });
    });
  }
  return coming.length;
}
