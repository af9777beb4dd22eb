import { sameCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import type { Session } from '../../http/session-user';
import { announceAccessChange } from '../../realtime/event-hub';
import { apiTokenHolder, revokeAllApiTokens } from '../api-tokens/service';
import { retireAccountTokens } from './account-token-repo';
import { findSessionHolder } from './session-repo';
import { invalidateOtherSessions } from './sessions';

/**
 * Every way into the account ends at once: its login sessions, its API tokens, and the live streams
 * they opened (told through the event hub when `db`'s transaction commits). For a password reset and
 * a removal from the company.
 */
export async function endEveryCredential(db: Db, userId: number): Promise<void> {
  await invalidateOtherSessions(db, userId, null);
  await revokeAllApiTokens(db, userId);
  await announceAccessChange(db, userId);
}

/**
 * A password set another way (changed in the profile, reset by an admin) leaves no reset link working:
 * one mailed before would otherwise still set a password of the sender's choosing for its hour.
 */
export async function retireResetLinks(db: Db, userId: number): Promise<void> {
  await retireAccountTokens(db, userId, 'password_reset');
}

/**
 * Whether the credential `session` was resolved from (login session or API token) still opens
 * `companyId`: not ended, not expired, and its user still in that company. A live stream asks.
 */
export async function credentialStillOpens(db: Db, session: Session, companyId: number, now = Date.now()) {
  const holder =
    session.apiTokenId === undefined
      ? await findSessionHolder(db, session.id)
      : await apiTokenHolder(db, session.apiTokenId);
  if (!holder || (holder.expiresAt && holder.expiresAt.getTime() <= now)) return false;
  return sameCompany(holder.companyId, companyId);
}
