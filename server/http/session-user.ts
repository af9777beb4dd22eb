import type { Role } from '../../shared/roles';
import { API_TOKEN_MESSAGES } from '../../shared/schemas/api-tokens';
import { Forbidden } from '../errors';

/** Who is calling: the user a session or an API token acts for. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  companyId: number | null;
}

export interface Session {
  id: string;
  user: SessionUser;
  expiresAt: Date;
  /** Set when the caller came with a personal API token rather than a login session. */
  apiTokenId?: number;
}

/**
 * API tokens act for scripts: what could take the account over (its password, e-mail or username, its
 * tokens, team roles and company membership) needs a login session. The one check for both faces:
 * tRPC's `sessionProcedure` and REST's `requireSignedIn` call it.
 */
export function requireInteractiveSession(session: Session): void {
  if (session.apiTokenId !== undefined) throw new Forbidden(API_TOKEN_MESSAGES.signInToChange);
}
