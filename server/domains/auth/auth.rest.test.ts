import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth';
import { adminToken, signedUpUser, testApp } from '../../../test/support/http';

const { app, call } = await testApp();

describe('legacy signup, four calls', () => {
  it('registers, logs in, creates the company with 0 credits and attaches it', async () => {
    const user = await signedUpUser(call, 'anna');
    const me = await call('GET', '/api/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'User',
      company: user.companyId,
      credits: 0,
    });
    const company = await call('GET', '/api/company/my', { token: user.token });
    expect(company.body.data[0].attributes).toMatchObject({ name: 'anna company', credits: 0 });
  });

  it('refuses a weak password on the server with the PRODUCT.md §5 message', async () => {
    const response = await call('POST', '/api/auth/local/register', {
      body: { username: 'weak', email: 'weak@example.com', password: 'password', company: 0 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(AUTH_MESSAGES.signupPassword);
  });

  it('refuses an invalid email with the PRODUCT.md §5 message', async () => {
    const response = await call('POST', '/api/auth/local/register', {
      body: { username: 'x', email: 'not-an-email', password: 'Secret-pass1!', company: 0 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(AUTH_MESSAGES.emailInvalid);
  });

  it('refuses a second account with the same email in another case', async () => {
    const user = await signedUpUser(call, 'dup');
    const response = await call('POST', '/api/auth/local/register', {
      body: { username: 'dup2', email: user.email.toUpperCase(), password: 'Secret-pass1!', company: 0 },
    });
    expect(response.status).toBe(409);
  });

  it('does not let an anonymous caller create a company for an established user', async () => {
    const user = await signedUpUser(call, 'est', false);
    const admin = await adminToken(call);
    await call('PUT', `/api/users/${user.id}`, { token: admin, body: { company: 0 } });
    const other = await signedUpUser(call, 'owner');
    const response = await call('POST', '/api/companies', {
      body: { data: { name: 'Hijack', address: 'x', credits: 1000, admin: [other.id] } },
    });
    expect(response.status).toBe(403);
  });
});

describe('login', () => {
  it('answers the PRODUCT.md §8 message for a wrong password', async () => {
    const user = await signedUpUser(call, 'wrong');
    const response = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: 'Nope-nope1!' },
      ip: '10.50.0.1',
    });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(AUTH_MESSAGES.loginInvalid);
  });

  it('blocks the account after 5 failures, even for the right password', async () => {
    const user = await signedUpUser(call, 'limited');
    for (let attempt = 0; attempt < 5; attempt++) {
      const ip = `10.60.0.${attempt + 1}`;
      const failed = await call('POST', '/api/auth/local', {
        body: { identifier: user.email, password: 'Wrong-pass1!' },
        ip,
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
      ip: '10.60.1.1',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(
      /^Too many login attempts\. Please try again in 1[45] minutes\.$/,
    );
  });

  it('counts a right password as no failure, even when several tabs log in at once', async () => {
    const user = await signedUpUser(call, 'tabs');
    const login = (password: string) =>
      call('POST', '/api/auth/local', { body: { identifier: user.email, password }, ip: '10.61.0.1' });
    const tabs = await Promise.all(Array.from({ length: 5 }, () => login(user.password)));
    expect(tabs.map((tab) => tab.status)).toEqual([200, 200, 200, 200, 200]);
    for (let attempt = 0; attempt < 4; attempt++) expect((await login('Wrong-pass1!')).status).toBe(401);
    expect((await login(user.password)).status).toBe(200);
  });

  it("does not lock a colleague out: B's five failures leave A's login from the same address alone", async () => {
    const office = '10.70.0.1';
    const a = await signedUpUser(call, 'colleague-a');
    const b = await signedUpUser(call, 'colleague-b');
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await call('POST', '/api/auth/local', {
        body: { identifier: b.email, password: 'Wrong-pass1!' },
        ip: office,
      });
      expect(failed.status).toBe(401);
    }
    const bLocked = await call('POST', '/api/auth/local', {
      body: { identifier: b.email, password: b.password },
      ip: office,
    });
    expect(bLocked.status).toBe(429);
    const aLogsIn = await call('POST', '/api/auth/local', {
      body: { identifier: a.email, password: a.password },
      ip: office,
    });
    expect(aLogsIn.status).toBe(200);
    expect(aLogsIn.body.jwt).toEqual(expect.any(String));
  });

  it('locks an address after 100 failures over many accounts, for the accounts that failed', async () => {
    const address = '10.71.0.1';
    const guessed = await signedUpUser(call, 'sprayed');
    const untouched = await signedUpUser(call, 'untouched');
    const fail = (identifier: string) =>
      call('POST', '/api/auth/local', { body: { identifier, password: 'Spray-pass1!' }, ip: address });
    expect((await fail(guessed.email)).status).toBe(401);
    for (let attempt = 1; attempt < 99; attempt++)
      expect((await fail(`ghost${attempt}@example.com`)).status).toBe(401);
    const stillOpen = await call('POST', '/api/auth/local', {
      body: { identifier: guessed.email, password: guessed.password },
      ip: address,
    });
    expect(stillOpen.status).toBe(200);
    expect((await fail('ghost-100@example.com')).status).toBe(401);

    const locked = await call('POST', '/api/auth/local', {
      body: { identifier: guessed.email, password: guessed.password },
      ip: address,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Elsewhere the same account logs in; from there, an account nobody guessed at does too.
    const elsewhere = await call('POST', '/api/auth/local', {
      body: { identifier: guessed.email, password: guessed.password },
      ip: '10.71.0.2',
    });
    expect(elsewhere.status).toBe(200);
    const neverFailed = await call('POST', '/api/auth/local', {
      body: { identifier: untouched.email, password: untouched.password },
      ip: address,
    });
    expect(neverFailed.status).toBe(200);
  });

  it('signs a new user up and in from a locked address, in one step', async () => {
    const address = '10.72.0.1';
    for (let attempt = 0; attempt < 100; attempt++) {
      await call('POST', '/api/auth/local', {
        body: { identifier: `ghost-signup${attempt}@example.com`, password: 'x' },
        ip: address,
      });
    }
    const signup = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signup',
      remoteAddress: address,
      payload: {
        username: 'fresh',
        email: 'fresh-from-locked@example.com',
        password: 'Fresh-pass1!',
        passwordRetype: 'Fresh-pass1!',
        terms: true,
        existingCompany: false,
        companyName: 'Fresh Co',
        companyAddress: '1 New Street',
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.headers['set-cookie']).toBeDefined();
    expect(signup.json().result.data.email).toBe('fresh-from-locked@example.com');
  });

  it('answers the PRODUCT.md §5 message when a field is empty', async () => {
    const response = await call('POST', '/api/auth/local', { body: { identifier: '', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(AUTH_MESSAGES.loginMandatory);
  });
});

describe('profile through PUT /api/users/me', () => {
  it('changes the username and keeps the session', async () => {
    const user = await signedUpUser(call, 'rename');
    const response = await call('PUT', '/api/users/me', { token: user.token, body: { username: 'renamed' } });
    expect(response.body.username).toBe('renamed');
  });

  it('enforces the profile password rule', async () => {
    const user = await signedUpUser(call, 'rule');
    const response = await call('PUT', '/api/users/me', {
      token: user.token,
      body: { password: 'alllowercase1' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(AUTH_MESSAGES.profilePasswordWeak);
  });

  it('ends every other session of the user on a password change', async () => {
    const user = await signedUpUser(call, 'revoke');
    const second = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
      ip: '10.80.0.1',
    });
    const changed = await call('PUT', '/api/users/me', {
      token: user.token,
      body: { password: 'Newpass123' },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: second.body.jwt })).status).toBe(401);
    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(200);
    const relogin = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: 'Newpass123' },
      ip: '10.80.0.2',
    });
    expect(relogin.status).toBe(200);
  });
});

describe('cookie sessions', () => {
  it('refuses a cookie-carried mutation without the anti-forgery header', async () => {
    const user = await signedUpUser(call, 'cookie');
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.90.0.1',
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === 'session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const cookies = { session: session?.value ?? '', csrf: 'the-csrf-token-value-123' };
    const mutation = {
      method: 'POST' as const,
      url: '/trpc/auth.updateProfile',
      payload: { username: 'cookieuser' },
      cookies,
    };
    expect((await app.inject(mutation)).statusCode).toBe(403);
    const withHeader = await app.inject({ ...mutation, headers: { 'x-csrf-token': cookies.csrf } });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json().result.data.username).toBe('cookieuser');
  });

  it('logs out: the session no longer works', async () => {
    const user = await signedUpUser(call, 'logout');
    const csrf = 'csrf-for-logout-test-0001';
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.91.0.1',
    });
    const session = login.cookies.find((cookie) => cookie.name === 'session')?.value ?? '';
    const cookies = { session, csrf };
    const out = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      payload: {},
      cookies,
      headers: { 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/trpc/auth.me', cookies })).statusCode).toBe(401);
  });
});
