import { type AcceptInvitationInput, TEAM_MESSAGES } from '../../../shared/schemas/team';
import { sameCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../errors';
import { generateSessionToken, sessionIdOf } from '../../http/session-token';
import type { SessionUser } from '../../http/session-user';
import { composeMail } from '../../mail/compose';
import type { Services } from '../../services';
import { endEveryCredential } from '../accounts/credentials';
import { hashPassword } from '../accounts/password';
import { addAdmin, isAdminOf, markEmailVerified, users } from '../accounts/service';
import { createSession } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { type Requester, spendBudget } from '../budgets/service';
import * as repo from './repo';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The caller's company, when they are one of its admins (the company's `admin` list, PRODUCT.md §3). */
async function adminCompanyOf(db: Db, user: SessionUser): Promise<number> {
  if (!user.companyId || !(await isAdminOf(db, user.companyId, user.id)))
    throw new Forbidden(TEAM_MESSAGES.onlyCompanyAdmins);
  return user.companyId;
}

export function invitationLink(publicUrl: string, token: string) {
  return `${publicUrl}/invitation#token=${token}`;
}

export async function teamOverview(db: Db, user: SessionUser) {
  const companyId = await adminCompanyOf(db, user);
  const [members, invitations] = await Promise.all([
    repo.membersOf(db, companyId),
    repo.openInvitationsOf(db, companyId),
  ]);
  return {
    members: members.map(({ adminId, ...member }) => ({
      ...member,
      admin: adminId !== null,
      you: member.id === user.id,
    })),
    invitations,
  };
}

/** Mails a colleague a 7-day link that creates their account already in the company. */
export async function inviteColleague(services: Services, user: SessionUser, email: string) {
  const { db } = services;
  const companyId = await adminCompanyOf(db, user);
  await spendBudget(services, 'account-mail', { userId: user.id });
  const token = generateSessionToken();
  const company = await transaction(db, async (trx) => {
    const locked = await lockCompany(trx, companyId);
    if (!locked) throw new NotFound('Company');
    if (await users.emailTaken(trx, email)) throw new Conflict(TEAM_MESSAGES.emailHasAccount);
    if (await repo.openInvitationFor(trx, companyId, email)) throw new Conflict(TEAM_MESSAGES.alreadyInvited);
    await repo.insertInvitation(trx, {
      companyId,
      email,
      tokenHash: sessionIdOf(token),
      invitedBy: user.id,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    });
    await recordAudit(trx, user, `${user.username} invited ${email} to company ${companyId}`);
    return locked;
  });
  services.mail.sendLater(
    composeMail(email, {
      subject: `${user.username} invites you to ${company.name} on Subtitling`,
      greeting: 'Hello,',
      paragraphs: [
        `${user.username} (${user.email}) invites you to join ${company.name} on Subtitling, to upload videos and get their subtitles from your company's credits.`,
      ],
      action: { label: 'Join the team', url: invitationLink(services.config.publicUrl, token) },
      footer: 'The invitation works for 7 days. If you were not expecting it, ignore this e-mail.',
    }),
    () => repo.markInvitationMailFailed(db, sessionIdOf(token)),
  );
  return { message: TEAM_MESSAGES.invitationSent, mailConfigured: services.mail.configured };
}

export async function revokeInvitation(db: Db, user: SessionUser, invitationId: number) {
  const companyId = await adminCompanyOf(db, user);
  const revoked = await repo.revokeInvitation(db, companyId, invitationId);
  if (revoked.numUpdatedRows === 0n) throw new NotFound('Invitation');
  return { ok: true };
}

/**
 * A member leaves the company (the account stays, without a company): logged out everywhere, their
 * API tokens revoked and their live streams ended.
 */
export async function removeMember(db: Db, user: SessionUser, userId: number) {
  const companyId = await adminCompanyOf(db, user);
  if (userId === user.id) throw new Forbidden(TEAM_MESSAGES.notYourself);
  await transaction(db, async (trx) => {
    await lockCompany(trx, companyId);
    const left = await repo.leaveCompany(trx, companyId, userId);
    if (left.numUpdatedRows === 0n) throw new NotFound('Member');
    await repo.removeAdmin(trx, companyId, userId);
    await endEveryCredential(trx, userId);
    await recordAudit(trx, user, `${user.username} removed user ${userId} from company ${companyId}`);
  });
  return { ok: true };
}

export async function setMemberAdmin(db: Db, user: SessionUser, userId: number, admin: boolean) {
  const companyId = await adminCompanyOf(db, user);
  if (userId === user.id && !admin) throw new Forbidden(TEAM_MESSAGES.notYourself);
  await transaction(db, async (trx) => {
    await lockCompany(trx, companyId);
    const member = await users.findProfile(trx, userId);
    if (!sameCompany(member?.companyId, companyId)) throw new NotFound('Member');
    if (admin) await addAdmin(trx, companyId, userId);
    else await repo.removeAdmin(trx, companyId, userId);
    await recordAudit(
      trx,
      user,
      `${user.username} ${admin ? 'made' : 'removed'} user ${userId} ${admin ? 'an admin of' : 'as admin of'} company ${companyId}`,
    );
  });
  return { ok: true };
}

/** What the invitation screen shows before the colleague signs up. */
export async function invitationDetails(db: Db, token: string) {
  const invitation = await repo.usableInvitation(db, sessionIdOf(token), { lock: false });
  return invitation
    ? { valid: true as const, email: invitation.email, companyName: invitation.companyName }
    : { valid: false as const };
}

/**
 * Creates the colleague's account already in the company (no suggestion for the platform admins to
 * approve) and logs them in. Their address is confirmed: the invitation reached it.
 */
export async function acceptInvitation(services: Services, input: AcceptInvitationInput, from: Requester) {
  const { db } = services;
  await spendBudget(services, 'signup', from);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (trx) => {
    const invitation = await repo.usableInvitation(trx, sessionIdOf(input.token), { lock: true });
    if (!invitation) throw new InvalidInput(TEAM_MESSAGES.invitationInvalid, 'token');
    if (await users.emailTaken(trx, invitation.email)) throw new Conflict(TEAM_MESSAGES.emailHasAccount);
    const userId = await users.insertUser(trx, {
      username: input.username,
      email: invitation.email,
      passwordHash,
      companyId: invitation.companyId,
      suggestion: null,
    });
    await markEmailVerified(trx, userId);
    await repo.markAccepted(trx, invitation.id);
    await recordAudit(trx, null, `${invitation.email} joined company ${invitation.companyId} by invitation`);
    return { userId, ...(await createSession(trx, userId)) };
  });
}
