import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { SESSION_LIFETIME_MS, sessionIdOf } from '../../http/session-token';
import { createSession, validateSessionToken } from '../accounts/sessions';

const { db } = await freshDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;

let userCount = 0;
async function newSession() {
  userCount += 1;
  const user = await db
    .insertInto('users')
    .values({ username: `s${userCount}`, email: `s${userCount}@example.com`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return createSession(db, user.id);
}

async function storedExpiry(token: string) {
  const row = await db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', sessionIdOf(token))
    .executeTakeFirst();
  return row?.expires_at;
}

function setExpiry(token: string, expiresAt: Date) {
  return db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', sessionIdOf(token))
    .execute();
}

describe('session sliding expiry', () => {
  it('leaves a session in the first half of its life untouched', async () => {
    const { token } = await newSession();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS / 2 + DAY_MS);
    await setExpiry(token, expiresAt);
    const session = await validateSessionToken(db, token);
    expect(session?.expiresAt).toEqual(expiresAt);
    expect(await storedExpiry(token)).toEqual(expiresAt);
  });

  it('extends a session past half its life to a full lifetime from now', async () => {
    const { token } = await newSession();
    await setExpiry(token, new Date(Date.now() + SESSION_LIFETIME_MS / 2 - DAY_MS));
    const before = Date.now();
    const session = await validateSessionToken(db, token);
    const stored = await storedExpiry(token);
    expect(stored).toEqual(session?.expiresAt);
    expect(stored?.getTime()).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(stored?.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it('ends an expired session and deletes it', async () => {
    const { token } = await newSession();
    await setExpiry(token, new Date(Date.now() - 1000));
    expect(await validateSessionToken(db, token)).toBeNull();
    expect(await storedExpiry(token)).toBeUndefined();
  });
});
