import { cents, formatEuros } from '../../../shared/money';
import type { ProfileUpdate } from '../../../shared/schemas/auth';
import { sameCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Forbidden, NotFound } from '../../errors';
import type { Session, SessionUser } from '../../http/session-user';
import { announceAccessChange } from '../../realtime/event-hub';
import { endEveryCredential, retireResetLinks } from '../accounts/credentials';
import { hashPassword } from '../accounts/password';
import { isAdminOf, removeAdminEntriesOf, users as repo } from '../accounts/service';
import { invalidateOtherSessions } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { appendLedgerEntry } from '../ledger/service';

export interface UserView {
  id: number;
  username: string;
  email: string;
  role: 'Admin' | 'User';
  companyId: number | null;
  companyName?: string | null;
  creditsCents: number;
  suggestion: string | null;
  /** Whether the user confirmed their address by the e-mailed link. */
  emailVerified: boolean;
}

const view = ({
  credits_cents,
  email_verified_at,
  ...row
}: Omit<UserView, 'creditsCents' | 'emailVerified'> & {
  credits_cents: string;
  email_verified_at: Date | null;
}): UserView => ({
  ...row,
  creditsCents: Number(credits_cents),
  emailVerified: email_verified_at !== null,
});

export async function getMe(db: Db, userId: number): Promise<UserView> {
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw new NotFound('User');
  return view(profile);
}

/** Changes only what was sent; a new password ends every other session of the user. */
export async function updateProfile(db: Db, session: Session, update: ProfileUpdate): Promise<UserView> {
  const userId = session.user.id;
  await transaction(db, async (trx) => {
    if (update.username !== undefined) await repo.setUsername(trx, userId, update.username);
    if (update.password !== undefined) {
      await repo.setPasswordHash(trx, userId, await hashPassword(update.password));
      await invalidateOtherSessions(trx, userId, session.id);
      await retireResetLinks(trx, userId);
    }
  });
  return getMe(db, userId);
}

/**
 * Legacy signup step 4: a user joins the company they just created (and administer), once; asking
 * for the company they are in already changes nothing. Nothing else joins a company from here: a
 * user removed from one is no longer on its admin list (unassignCompany), so cannot come back.
 */
export async function joinOwnCompany(db: Db, userId: number, companyId: number) {
  const me = await getMe(db, userId);
  if (sameCompany(me.companyId, companyId)) return;
  if (me.companyId || !(await isAdminOf(db, companyId, userId)))
    throw new Forbidden('You cannot join this company');
  await repo.setCompany(db, userId, companyId);
}

/** Whether the user (still there) still belongs to the company: a signed link to its files asks. */
export async function stillMemberOf(db: Db, holder: { userId: number; companyId: number }) {
  const profile = await repo.findProfile(db, holder.userId);
  return sameCompany(profile?.companyId, holder.companyId);
}

export async function listUsers(db: Db, search?: string) {
  return (await repo.listForAdmin(db, search?.trim() || undefined)).map(view);
}

export async function usersWithoutCompany(db: Db) {
  return (await repo.listWithoutCompany(db)).map(view);
}

/**
 * Admin assigns a company to a user, clearing the suggestion; with `transfer`, the user's private
 * credits move to the company as a ledger entry, with an audit line. A user with none is skipped silently.
 */
export async function assignCompany(
  db: Db,
  actor: SessionUser,
  input: { userId: number; companyId: number; transfer: boolean },
): Promise<{ transferredCents: number }> {
  // The company, then the user (server/db/locks.ts).
  return transaction(db, async (trx) => {
    const company = await lockCompany(trx, input.companyId);
    if (!company) throw new NotFound('Company');
    const user = await repo.lockForAssignment(trx, input.userId);
    if (!user) throw new NotFound('User');
    const credits = Number(user.credits_cents);
    const transferredCents = input.transfer && credits > 0 ? credits : 0;
    await repo.setCompany(trx, user.id, company.id, transferredCents > 0 ? 0 : undefined);
    // Moved to another company: admin of no other, and the live streams of the old one end.
    await removeAdminEntriesOf(trx, user.id, company.id);
    await announceAccessChange(trx, user.id);
    if (transferredCents > 0) {
      await appendLedgerEntry(trx, {
        companyId: company.id,
        kind: 'transfer',
        amountCents: cents(transferredCents),
        actorUserId: actor.id,
        note: `private credits of user ${user.id}`,
      });
    }
    const what = transferredCents > 0 ? ` and transferred ${formatEuros(transferredCents)}` : '';
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} assigned user ${user.username} to company ${company.id} (${company.name})${what}`,
    );
    return { transferredCents };
  });
}

/**
 * Admin takes a user out of their company (the legacy PUT /users/{id} with company 0), audited: they
 * leave its admin list, and their sessions, API tokens and live streams end, so nothing they held
 * brings them back.
 */
export async function unassignCompany(db: Db, actor: SessionUser, userId: number) {
  await transaction(db, async (trx) => {
    const user = await repo.lockForAssignment(trx, userId);
    if (!user) throw new NotFound('User');
    await repo.setCompany(trx, userId, null);
    await removeAdminEntriesOf(trx, userId, null);
    await endEveryCredential(trx, userId);
    await recordAudit(trx, actor, `Admin ${actor.username} removed user ${user.username} from their company`);
  });
}

/**
 * Admin sets the company name a user suggested (PRODUCT.md §2: shown in 'Users without a valid Company'),
 * audited.
 */
export async function setSuggestion(db: Db, actor: SessionUser, userId: number, suggestion: string | null) {
  await transaction(db, async (trx) => {
    const user = await repo.lockForAssignment(trx, userId);
    if (!user) throw new NotFound('User');
    const text = suggestion?.trim() || null;
    await repo.setSuggestion(trx, userId, text);
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} set the company suggestion of user ${user.username} to ${text === null ? 'none' : `"${text}"`}`,
    );
  });
}

/** Admin renames a user, audited. */
export async function renameUser(db: Db, actor: SessionUser, userId: number, username: string) {
  await transaction(db, async (trx) => {
    const user = await repo.lockForAssignment(trx, userId);
    if (!user) throw new NotFound('User');
    await repo.setUsername(trx, userId, username);
    await recordAudit(trx, actor, `Admin ${actor.username} renamed user ${user.username} to ${username}`);
  });
}

export async function resetPassword(db: Db, actor: SessionUser, input: { userId: number; password: string }) {
  await transaction(db, async (trx) => {
    const user = await repo.findProfile(trx, input.userId);
    if (!user) throw new NotFound('User');
    await repo.setPasswordHash(trx, user.id, await hashPassword(input.password));
    await endEveryCredential(trx, user.id);
    await retireResetLinks(trx, user.id);
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} reset the password of user ${user.username} (${user.email})`,
    );
  });
}

export async function deleteUser(db: Db, actor: SessionUser, userId: number) {
  if (actor.id === userId) throw new Forbidden('You cannot delete yourself');
  await transaction(db, async (trx) => {
    const deleted = await repo.deleteUser(trx, userId);
    if (!deleted) throw new NotFound('User');
    // Sessions and tokens went with the row (ON DELETE CASCADE); its live streams end too.
    await announceAccessChange(trx, userId);
    await recordAudit(trx, actor, `Admin ${actor.username} deleted user ${deleted.id} (${deleted.email})`);
  });
}

/** Admin sets a user's private credits (euros held before the user joins a company). */
export async function setPrivateCredits(db: Db, actor: SessionUser, userId: number, creditsCents: number) {
  await transaction(db, async (trx) => {
    const user = await repo.lockForAssignment(trx, userId);
    if (!user) throw new NotFound('User');
    await repo.setPrivateCredits(trx, userId, creditsCents);
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} set the private credits of user ${user.username} to ${formatEuros(creditsCents)}`,
    );
  });
}
