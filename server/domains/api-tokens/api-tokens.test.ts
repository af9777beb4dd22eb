import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '../../../shared/schemas/api-tokens';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { validateApiToken } from './service';
import { apiTokenHashOf, LAST_USED_RESOLUTION_MS } from './token';

const { app, call, db } = await testApp();

async function createToken(
  sessionToken: string,
  name = 'Nightly report',
  expiresInDays: number | null = null,
) {
  const created = await testCaller(app, sessionToken).mutation('apiTokens.create', { name, expiresInDays });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  return created.data as { id: number; token: string; name: string; expiresAt: string | null };
}

describe('personal API tokens', () => {
  it('creates a named token, shown once and stored only as its hash', async () => {
    const user = await signedUpUser(call, 'tok');
    const created = await createToken(user.token, 'Nightly report', 30);
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.name).toBe('Nightly report');
    const in30Days = Date.now() + 30 * 86_400_000;
    expect(Math.abs(new Date(created.expiresAt ?? 0).getTime() - in30Days)).toBeLessThan(60_000);

    const stored = await db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(apiTokenHashOf(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const listed = await testCaller(app, user.token).query('apiTokens.list');
    expect(listed.data).toEqual([
      expect.objectContaining({ id: created.id, name: 'Nightly report', lastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(created.token);
    const audit = await db
      .selectFrom('audit_trail')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain(
      `API token "Nightly report" (${created.id}) created by ${user.email}`,
    );
  });

  it('works as Bearer on the REST paths and tRPC with the user rights, and records its use', async () => {
    const user = await signedUpUser(call, 'tokuse');
    const { token, id } = await createToken(user.token);
    const me = await call('GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, company: user.companyId });
    const company = await call('GET', '/api/company/my', { token });
    expect(company.body.data[0].id).toBe(user.companyId);
    const trpcMe = await testCaller(app, token).query('auth.me');
    expect(trpcMe.data).toMatchObject({ id: user.id, company: { id: user.companyId } });
    // A mutation with a token needs no anti-forgery header: it is a Bearer caller.
    const resent = await testCaller(app, token).mutation('auth.resendVerification');
    expect(resent.status, JSON.stringify(resent.error)).toBe(200);
    // Admin rights are not the token's to give: the user's own rights only.
    expect((await call('GET', '/api/users', { token })).status).toBe(403);

    const used = await db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  it('writes the last-used time at most once a minute', async () => {
    const user = await signedUpUser(call, 'toktouch');
    const { token, id } = await createToken(user.token);
    const start = Date.now();
    await validateApiToken(db, token, start);
    await validateApiToken(db, token, start + LAST_USED_RESOLUTION_MS - 1000);
    const lastUsed = async () =>
      (
        await db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at?.getTime();
    expect(await lastUsed()).toBe(start);
    await validateApiToken(db, token, start + LAST_USED_RESOLUTION_MS);
    expect(await lastUsed()).toBe(start + LAST_USED_RESOLUTION_MS);
  });

  it('refuses a revoked token on REST and tRPC', async () => {
    const user = await signedUpUser(call, 'tokrevoke');
    const { token, id } = await createToken(user.token);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
    const revoked = await testCaller(app, user.token).mutation('apiTokens.revoke', { id });
    expect(revoked.data).toEqual({ ok: true });
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
    expect((await testCaller(app, token).query('auth.me')).status).toBe(401);
    expect((await testCaller(app, user.token).query('apiTokens.list')).data).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const user = await signedUpUser(call, 'tokexpire');
    const { token, id } = await createToken(user.token, 'Short', 7);
    await db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
    expect((await testCaller(app, token).query('auth.me')).status).toBe(401);
  });

  it("does not let a user revoke or see another user's token", async () => {
    const owner = await signedUpUser(call, 'tokowner');
    const other = await signedUpUser(call, 'tokother');
    const { token, id } = await createToken(owner.token);
    const attempt = await testCaller(app, other.token).mutation('apiTokens.revoke', { id });
    expect(attempt.status).toBe(404);
    expect(attempt.error.message).toBe('Token not found');
    expect((await testCaller(app, other.token).query('apiTokens.list')).data).toEqual([]);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
  });

  it('is not allowed to manage tokens itself', async () => {
    const user = await signedUpUser(call, 'tokself');
    const { token, id } = await createToken(user.token);
    const mint = await testCaller(app, token).mutation('apiTokens.create', {
      name: 'x',
      expiresInDays: null,
    });
    expect(mint.status).toBe(403);
    expect((await testCaller(app, token).mutation('apiTokens.revoke', { id })).status).toBe(403);
    expect((await testCaller(app, token).query('apiTokens.list')).status).toBe(403);
  });

  it('refuses a bad name or expiry with a clear message', async () => {
    const user = await signedUpUser(call, 'tokbad');
    const empty = await testCaller(app, user.token).mutation('apiTokens.create', {
      name: ' ',
      expiresInDays: null,
    });
    expect(empty.status).toBe(400);
    expect(empty.error.data.fieldErrors.name[0]).toContain('Give the token a name');
    const negative = await testCaller(app, user.token).mutation('apiTokens.create', {
      name: 'x',
      expiresInDays: -3,
    });
    expect(negative.status).toBe(400);
  });
});

describe('what an API token may not do', () => {
  it('cannot change the password or username, on tRPC or REST, and the account stays as it was', async () => {
    const user = await signedUpUser(call, 'tokpw');
    // Even a short-lived token: with the password it could log in and mint one that never expires.
    const { token } = await createToken(user.token, 'Week', 7);
    const attempts = [
      await testCaller(app, token).mutation('auth.updateProfile', { password: 'Taken-over1!' }),
      await testCaller(app, token).mutation('auth.updateProfile', { username: 'taken-over' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.error.message).toBe(API_TOKEN_MESSAGES.signInToChange);
    }
    for (const body of [{ password: 'Taken-over1!' }, { username: 'taken-over' }, { company: 1 }]) {
      const rest = await call('PUT', '/api/users/me', { token, body });
      expect(rest.status, JSON.stringify(body)).toBe(403);
      expect(rest.body.error.message).toBe(API_TOKEN_MESSAGES.signInToChange);
    }
    const takeover = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: 'Taken-over1!' },
      ip: '10.7.7.7',
    });
    expect(takeover.status).not.toBe(200);
    expect((await call('GET', '/api/users/me', { token: user.token })).body.username).not.toBe('taken-over');
  });

  it("cannot change team roles or membership, nor, for an admin's token, another user's account", async () => {
    const owner = await signedUpUser(call, 'tokteam');
    const colleague = await signedUpUser(call, 'tokcolleague', false);
    const { token } = await createToken(owner.token);
    const team = testCaller(app, token);
    const refused = [
      await team.mutation('team.invite', { email: 'new-colleague@example.com' }),
      await team.mutation('team.setAdmin', { userId: colleague.id, admin: true }),
      await team.mutation('team.removeMember', { userId: colleague.id }),
      await team.mutation('team.revokeInvitation', { invitationId: 1 }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);

    const admin = await adminToken(call);
    const adminScript = (await createToken(admin, 'Admin script')).token;
    const adminRefused = [
      await testCaller(app, adminScript).mutation('users.resetPassword', {
        userId: owner.id,
        password: 'Abc!def12',
      }),
      await testCaller(app, adminScript).mutation('users.assignCompany', {
        userId: colleague.id,
        companyId: owner.companyId,
        transfer: false,
      }),
      await testCaller(app, adminScript).mutation('users.delete', { userId: colleague.id }),
      await call('PUT', `/api/users/${owner.id}`, { token: adminScript, body: { password: 'Abc!def12' } }),
      await call('PUT', `/api/users/${colleague.id}`, {
        token: adminScript,
        body: { company: owner.companyId },
      }),
      await call('DELETE', `/api/users/${colleague.id}`, { token: adminScript }),
      await call('POST', '/api/companies', {
        token: adminScript,
        body: { data: { name: 'Script Co', address: 'x', credits: 0, admin: [colleague.id] } },
      }),
    ];
    expect(adminRefused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    const login = await call('POST', '/api/auth/local', {
      body: { identifier: owner.email, password: owner.password },
      ip: '10.7.7.8',
    });
    expect(login.status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: colleague.token })).body.company).toBeNull();
  });

  it('ends with an admin reset, an e-mailed reset and a removal from the company', async () => {
    const admin = await adminToken(call);
    const byAdmin = await signedUpUser(call, 'tokadminreset');
    const adminReset = (await createToken(byAdmin.token)).token;
    await call('PUT', `/api/users/${byAdmin.id}`, { token: admin, body: { password: 'Abc!def12' } });
    expect((await call('GET', '/api/company/my', { token: adminReset })).status).toBe(401);

    const removed = await signedUpUser(call, 'tokremoved');
    const removedToken = (await createToken(removed.token)).token;
    await call('PUT', `/api/users/${removed.id}`, { token: admin, body: { company: 0 } });
    expect((await call('GET', '/api/company/my', { token: removedToken })).status).toBe(401);
    expect((await testCaller(app, removedToken).query('auth.me')).status).toBe(401);
  });
});
