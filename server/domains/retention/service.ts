import { RETENTION_TEXTS, type RetentionUpdate } from '../../../shared/schemas/retention';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Forbidden, NotFound } from '../../errors';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { isAdminOf } from '../companies/repo';
import { deleteCompanyVideo } from '../videos/deletion';
import * as repo from './repo';

/** Videos removed per run at most: a first run over years of videos spreads over a few days. */
export const RETENTION_BATCH = 500;

async function mayChange(db: Db, user: SessionUser, companyId: number) {
  return user.role === 'Admin' || (user.companyId === companyId && (await isAdminOf(db, companyId, user.id)));
}

/** A company's retention, for its members and the platform admins; another company's is not found. */
export async function getRetention(db: Db, user: SessionUser, companyId: number) {
  if (user.role !== 'Admin' && user.companyId !== companyId) throw new NotFound('Company');
  const company = await repo.findRetention(db, companyId);
  if (!company) throw new NotFound('Company');
  return { companyId, retentionDays: company.retentionDays, canChange: await mayChange(db, user, companyId) };
}

/** Sets how long the company's videos are kept: its own admins and the platform admins only. */
export async function setRetention(db: Db, user: SessionUser, input: RetentionUpdate) {
  const { companyId, days } = input;
  if (!(await mayChange(db, user, companyId)))
    throw user.companyId === companyId ? new Forbidden(RETENTION_TEXTS.onlyAdmins) : new NotFound('Company');
  await transaction(db, async (trx) => {
    if (!(await repo.setRetention(trx, companyId, days))) throw new NotFound('Company');
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
