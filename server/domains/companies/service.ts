import { cents, eurosToCents, formatEuros } from '../../../shared/money';
import type { CreditAdjustment } from '../../../shared/schemas/accounts';
import { sameCompany, seesCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, Forbidden, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { addAdmin, isAdminOf, users } from '../accounts/service';
import { recordAudit } from '../audit/service';
import { appendLedgerEntry } from '../ledger/service';
import * as repo from './repo';

/** What the other domains ask of companies' rows: whether one exists, and a new one (a sign-up's). */
export { exists as companyExists, insertCompany } from './repo';

export interface CompanyView {
  id: number;
  name: string;
  address: string;
  creditsCents: number;
}

const view = (row: { id: number; name: string; address: string; credits_cents: string }): CompanyView => ({
  id: row.id,
  name: row.name,
  address: row.address,
  creditsCents: Number(row.credits_cents),
});

const isAdmin = (user: SessionUser) => user.role === 'Admin';

export async function listCompanies(db: Db, page: number, pageSize: number, sort: 'name' | 'id' = 'name') {
  const { rows, total } = await repo.pageForAdminOverview(db, page, pageSize, sort);
  return { companies: rows.map(view), total };
}

export async function allCompanies(db: Db) {
  return (await repo.listForDropdown(db)).map(view);
}

/** A user sees only their own company; anything else is "not found", never another tenant's data. */
export async function getCompany(db: Db, viewer: SessionUser, companyId: number) {
  if (!seesCompany(viewer, companyId)) throw new NotFound('Company');
  const company = await repo.findWithAdmins(db, companyId);
  if (!company) throw new NotFound('Company');
  return { ...view(company), adminIds: company.adminIds };
}

export async function myCompany(db: Db, viewer: SessionUser): Promise<CompanyView | null> {
  if (!viewer.companyId) return null;
  const company = await repo.findWithAdmins(db, viewer.companyId);
  return company ? view(company) : null;
}

/** Admin creates a company; an opening balance is a ledger adjustment with an audit line. */
export async function createCompanyAsAdmin(
  db: Db,
  actor: SessionUser,
  input: { name: string; address: string; credits: number; adminIds?: number[] },
) {
  return transaction(db, async (trx) => {
    const companyId = await repo.insertCompany(trx, { name: input.name, address: input.address });
    for (const userId of input.adminIds ?? []) await addAdmin(trx, companyId, userId);
    const opening = eurosToCents(input.credits);
    if (opening > 0) {
      await appendLedgerEntry(trx, {
        companyId,
        kind: 'adjustment',
        amountCents: opening,
        actorUserId: actor.id,
      });
    }
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} created company ${companyId} (${input.name}) with ${formatEuros(opening)}`,
    );
    return companyId;
  });
}

/** A user without a company creates one, becomes its admin and joins it. Credits always start at 0. */
export async function createOwnCompany(db: Db, userId: number, input: { name: string; address: string }) {
  return transaction(db, async (trx) => {
    const user = await users.lockForAssignment(trx, userId);
    if (!user) throw new NotFound('User');
    const profile = await users.findProfile(trx, userId);
    if (profile?.companyId) throw new Conflict('You already belong to a company');
    const companyId = await repo.insertCompany(trx, input);
    await addAdmin(trx, companyId, userId);
    await users.setCompany(trx, userId, companyId);
    return companyId;
  });
}

/** A signup's company may be created without a token only for a user who registered within the hour. */
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

/** Without a session, the one admin named must be a user without a company who registered within the hour. */
async function signupUserFor(db: Db, adminIds: number[], now: number) {
  const [userId] = adminIds;
  if (adminIds.length !== 1 || userId === undefined)
    throw new Forbidden('Name the new user as the company admin');
  const user = await users.findForSignupCompany(db, userId);
  if (!user || user.company_id || now - user.created_at.getTime() > SIGNUP_WINDOW_MS) {
    throw new Forbidden('You cannot create a company for this user');
  }
  return user.id;
}

/**
 * Legacy signup step 3: a new user creates their own company, always with 0 credits; the caller
 * themself, or without a session the user just registered and named as its admin.
 */
export async function createCompanyAtSignup(
  db: Db,
  caller: SessionUser | undefined,
  input: { name: string; address: string; adminIds: number[] },
  now = Date.now(),
) {
  const userId = caller ? caller.id : await signupUserFor(db, input.adminIds, now);
  const companyId = await createOwnCompany(db, userId, { name: input.name, address: input.address });
  const profile = await users.findProfile(db, userId);
  return { companyId, userId, ownerEmail: profile?.email };
}

export async function updateCompany(
  db: Db,
  actor: SessionUser,
  companyId: number,
  input: { name: string; address: string; credits?: number },
) {
  const adminActor = isAdmin(actor);
  if (
    !adminActor &&
    !(sameCompany(actor.companyId, companyId) && (await isAdminOf(db, companyId, actor.id)))
  ) {
    throw sameCompany(actor.companyId, companyId)
      ? new Forbidden('Only the company admin can edit the company')
      : new NotFound('Company');
  }
  return transaction(db, async (trx) => {
    // Only the company row, first (server/db/locks.ts), then the adjustment on it.
    const company = await lockCompany(trx, companyId);
    if (!company) throw new NotFound('Company');
    await repo.updateNameAndAddress(trx, companyId, { name: input.name, address: input.address });
    const delta =
      input.credits === undefined ? 0 : eurosToCents(input.credits) - Number(company.credits_cents);
    if (delta !== 0 && !adminActor) throw new Forbidden('Only an admin can change credits');
    if (delta !== 0) {
      await appendLedgerEntry(trx, {
        companyId,
        kind: 'adjustment',
        amountCents: cents(delta),
        actorUserId: actor.id,
      });
      await recordAudit(
        trx,
        actor,
        `Admin ${actor.username} changed the balance of company ${companyId} (${input.name}) by ${formatEuros(delta)} to ${formatEuros(Number(company.credits_cents) + delta)}`,
      );
    }
    return companyId;
  });
}

/**
 * Admin adds (or with a negative amount removes) euros, with a reason the company reads in its
 * ledger. A removal larger than the balance is refused, naming the balance.
 */
export async function adjustCredits(
  db: Db,
  actor: SessionUser,
  companyId: number,
  adjustment: CreditAdjustment,
) {
  const amountCents = eurosToCents(adjustment.euros);
  return transaction(db, async (trx) => {
    // Only the company row, first (server/db/locks.ts), then the adjustment on it.
    const company = await lockCompany(trx, companyId);
    if (!company) throw new NotFound('Company');
    const balance = Number(company.credits_cents);
    if (balance + amountCents < 0) {
      throw new Conflict(
        `The balance is ${formatEuros(balance)}; removing ${formatEuros(-amountCents)} would take it below zero.`,
      );
    }
    const after = await appendLedgerEntry(trx, {
      companyId,
      kind: 'adjustment',
      amountCents,
      actorUserId: actor.id,
      note: adjustment.reason,
    });
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} ${amountCents > 0 ? 'added' : 'removed'} ${formatEuros(Math.abs(amountCents))} ${amountCents > 0 ? 'to' : 'from'} company ${companyId} (${company.name}): ${adjustment.reason}; balance ${formatEuros(after)}`,
    );
    return { balanceCents: after };
  });
}

/** A company with videos or a balance is not silently destroyed: the error says what blocks it. */
export async function deleteCompany(db: Db, actor: SessionUser, companyId: number) {
  await transaction(db, async (trx) => {
    // FOR UPDATE, not lockCompany's weaker lock: the row goes, so nothing may reference it meanwhile.
    const company = await repo.lockForDelete(trx, companyId);
    if (!company) throw new NotFound('Company');
    const videos = await repo.countVideos(trx, companyId);
    const balance = Number(company.credits_cents);
    const blockers = [
      videos > 0 ? `${videos} video(s)` : null,
      balance > 0 ? `a balance of ${formatEuros(balance)}` : null,
    ];
    if (blockers.some(Boolean)) {
      throw new Conflict(
        `Company ${company.name} still has ${blockers.filter(Boolean).join(' and ')}; it cannot be deleted.`,
      );
    }
    await repo.deleteCompany(trx, companyId);
    await recordAudit(trx, actor, `Admin ${actor.username} deleted company ${companyId} (${company.name})`);
  });
}
