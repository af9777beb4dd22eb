import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export function membersOf(db: Db, companyId: number) {
  return companyRows(db, companyId)
    .selectFrom('users')
    .leftJoin('company_admins', (join) =>
      join.onRef('company_admins.user_id', '=', 'users.id').on('company_admins.company_id', '=', companyId),
    )
    .select(['users.id', 'users.username', 'users.email', 'company_admins.user_id as adminId'])
    .orderBy('users.id')
    .execute();
}

export function openInvitationsOf(db: Db, companyId: number) {
  return companyRows(db, companyId)
    .selectFrom('company_invitations')
    .select([
      'id',
      'email',
      'expires_at as expiresAt',
      'created_at as createdAt',
      'mail_failed_at as mailFailedAt',
    ])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id')
    .execute();
}

export function openInvitationFor(db: Db, companyId: number, email: string) {
  return companyRows(db, companyId)
    .selectFrom('company_invitations')
    .select('id')
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export function insertInvitation(
  db: Db,
  invitation: { companyId: number; email: string; tokenHash: string; invitedBy: number; expiresAt: Date },
) {
  return db
    .insertInto('company_invitations')
    .values({
      company_id: invitation.companyId,
      email: invitation.email,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The invitation's mail could not be sent: the team screen says so beside it. */
export function markInvitationMailFailed(db: Db, tokenHash: string) {
  return db
    .updateTable('company_invitations')
    .set({ mail_failed_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export function revokeInvitation(db: Db, companyId: number, invitationId: number) {
  return companyRows(db, companyId)
    .updateTable('company_invitations')
    .set({ revoked_at: new Date() })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * An invitation that can still be used; with `lock` (inside the accepting transaction), locked so two
 * sign-ups with one link cannot both get in.
 */
export function usableInvitation(db: Db, tokenHash: string, { lock }: { lock: boolean }) {
  const query = db
    .selectFrom('company_invitations')
    .innerJoin('companies', 'companies.id', 'company_invitations.company_id')
    .select([
      'company_invitations.id',
      'company_invitations.company_id as companyId',
      'company_invitations.email',
      'companies.name as companyName',
    ])
    .where('company_invitations.token_hash', '=', tokenHash)
    .where('company_invitations.accepted_at', 'is', null)
    .where('company_invitations.revoked_at', 'is', null)
    .where('company_invitations.expires_at', '>', new Date());
  return (lock ? query.forUpdate('company_invitations') : query).executeTakeFirst();
}

export function markAccepted(db: Db, invitationId: number) {
  return db
    .updateTable('company_invitations')
    .set({ accepted_at: new Date() })
    .where('id', '=', invitationId)
    .execute();
}

export function removeAdmin(db: Db, companyId: number, userId: number) {
  return companyRows(db, companyId).deleteFrom('company_admins').where('user_id', '=', userId).execute();
}

export function leaveCompany(db: Db, companyId: number, userId: number) {
  return companyRows(db, companyId)
    .updateTable('users')
    .set({ company_id: null, updated_at: new Date() })
    .where('id', '=', userId)
    .executeTakeFirst();
}
