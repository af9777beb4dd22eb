import type { Db } from '../../db/database';
import { announceAccessChange } from '../../realtime/event-hub';
import { apiTokenHolder, revokeAllApiTokens } from '../api-tokens/service';
import { findSessionHolder } from './session-repo';
import { invalidateOtherSessions, type Session } from './sessions';

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
 * Whether the credential `session` was resolved from (login session or API token) still opens
 * `companyId`: not ended, not expired, and its user still in that company. A live stream asks.
 */
export async function credentialStillOpens(db: Db, session: Session, companyId: number, now = Date.now()) {
  const holder =
    session.apiTokenId === undefined
      ? await findSessionHolder(db, session.id)
      : await apiTokenHolder(db, session.apiTokenId);
  if (!holder || (holder.expiresAt && holder.expiresAt.getTime() <= now)) return false;
  return holder.companyId === companyId;
}
