import type { ApiTokenCreate } from '../../../shared/schemas/api-tokens';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import type { Session } from '../../http/session-user';
import { announceAccessChange } from '../../realtime/event-hub';
import { type Actor, recordAudit } from '../audit/service';
import * as repo from './repo';
import { apiTokenHashOf, generateApiToken, LAST_USED_RESOLUTION_MS } from './token';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates a token for `actor`; the token itself is in this answer only, never stored or shown again. */
export async function createApiToken(db: Db, actor: Actor, input: ApiTokenCreate, now = Date.now()) {
  const token = generateApiToken();
  const expiresAt = input.expiresInDays === null ? null : new Date(now + input.expiresInDays * DAY_MS);
  const row = await db.transaction().execute(async (trx) => {
    const created = await repo.insertApiToken(trx, {
      userId: actor.id,
      name: input.name,
      tokenHash: apiTokenHashOf(token),
      expiresAt,
    });
    await recordAudit(trx, actor, `API token "${input.name}" (${created.id}) created by ${actor.email}`);
    return created;
  });
  return { ...row, token };
}

export function listApiTokens(db: Db, userId: number) {
  return repo.listApiTokensOfUser(db, userId);
}

/** Revokes one of `actor`'s own tokens; another user's token is answered as not found. */
export async function revokeApiToken(db: Db, actor: Actor, id: number) {
  await db.transaction().execute(async (trx) => {
    const revoked = await repo.deleteApiTokenOfUser(trx, actor.id, id);
    if (!revoked) throw new NotFound('Token');
    await recordAudit(trx, actor, `API token "${revoked.name}" (${id}) revoked by ${actor.email}`);
    await announceAccessChange(trx, actor.id);
  });
  return { ok: true as const };
}

/**
 * Resolves an API token to a session with its user's rights, or null when it is unknown, revoked or
 * expired. Its last-used time is written at most once a minute.
 */
export async function validateApiToken(db: Db, token: string, now = Date.now()): Promise<Session | null> {
  const row = await repo.findApiTokenWithUser(db, apiTokenHashOf(token));
  if (!row) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
    await repo.touchApiToken(db, row.tokenId, new Date(now));
  const { id, username, email, role, companyId } = row;
  return {
    id: `api-token:${row.tokenId}`,
    apiTokenId: row.tokenId,
    expiresAt: row.expiresAt ?? new Date(8.64e15),
    user: { id, username, email, role, companyId },
  };
}

/** The token's expiry and its user's company as they are now, or undefined when it was revoked. */
export function apiTokenHolder(db: Db, tokenId: number) {
  return repo.findApiTokenHolder(db, tokenId);
}

/** Ends every token of the user: a password reset or a removal from the company leaves no script inside. */
export function revokeAllApiTokens(db: Db, userId: number) {
  return repo.deleteAllApiTokensOfUser(db, userId);
}
