import type { Db } from '../../db/database';
import {
  generateSessionToken,
  SESSION_LIFETIME_MS,
  SESSION_RENEW_BEFORE_MS,
  sessionIdOf,
} from '../../http/session-token';
import type { Session } from '../../http/session-user';
import { announceAccessChange } from '../../realtime/event-hub';
import * as repo from './session-repo';

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await repo.insertSession(db, { id: sessionIdOf(token), userId, expiresAt });
  return { token, expiresAt };
}

/** Resolves a token to its session, deleting it when expired and extending it when half used. */
export async function validateSessionToken(db: Db, token: string): Promise<Session | null> {
  const sessionId = sessionIdOf(token);
  const row = await repo.findSessionWithUser(db, sessionId);
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await repo.deleteSession(db, sessionId);
    return null;
  }
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - now < SESSION_RENEW_BEFORE_MS) {
    expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await repo.extendSession(db, sessionId, expiresAt);
  }
  const { id, username, email, role, companyId } = row;
  return { id: sessionId, expiresAt, user: { id, username, email, role, companyId } };
}

/** Ends one session (logout); the live streams it opened end with it. */
export async function invalidateSession(db: Db, session: Session) {
  await repo.deleteSession(db, session.id);
  await announceAccessChange(db, session.user.id);
}

/** After a password change every other session of that user ends, and the live streams they opened. */
export async function invalidateOtherSessions(db: Db, userId: number, keepSessionId: string | null) {
  await repo.deleteOtherSessionsOfUser(db, userId, keepSessionId);
  await announceAccessChange(db, userId);
}
