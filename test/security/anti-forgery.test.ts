import { describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures';
import { signedUpUser, testApp } from '../support/http';

/**
 * A cookie-carried change must echo the browser's own anti-forgery cookie in `x-csrf-token`: a
 * forged page can send the victim's cookies but cannot read them. Every other header is refused on
 * REST and tRPC alike, and changes nothing.
 */
const { app, call, db } = await testApp();

/** A browser's cookie session, as the React client holds it after logging in. */
async function browserSession(name: string) {
  const user = await signedUpUser(call, name);
  const visit = await app.inject({ method: 'GET', url: '/api/health' });
  const csrf = visit.cookies.find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/trpc/auth.login',
    payload: { email: user.email, password: user.password },
    cookies: { csrf },
    headers: { 'x-csrf-token': csrf },
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.1`,
  });
  expect(login.statusCode).toBe(200);
  const session = login.cookies.find((cookie) => cookie.name === 'session')?.value ?? '';
  return { user, cookies: { session, csrf } };
}

const CHANGES = {
  tRPC: (username: string) => ({
    method: 'POST' as const,
    url: '/trpc/auth.updateProfile',
    payload: { username },
  }),
  REST: (username: string) => ({ method: 'PUT' as const, url: '/api/users/me', payload: { username } }),
};

async function usernameOf(id: number) {
  return (await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow())
    .username;
}

describe.each(Object.entries(CHANGES))('a cookie-carried change through %s', (_surface, change) => {
  it('is refused with any header but the browser’s own token, and changes nothing', async () => {
    const { user, cookies } = await browserSession(`forgery-${_surface}`);
    const other = await browserSession(`forgery-other-${_surface}`);
    const sameLength = cookies.csrf.replace(/./g, (c) => (c === 'A' ? 'B' : 'A'));
    const forged: Record<string, Record<string, string>> = {
      'no header': {},
      'an empty header': { 'x-csrf-token': '' },
      'a wrong token of the same length': { 'x-csrf-token': sameLength },
      'a wrong token of another length': { 'x-csrf-token': `${cookies.csrf}x` },
      "another browser's token": { 'x-csrf-token': other.cookies.csrf },
      'the session token itself': { 'x-csrf-token': cookies.session },
    };
    const before = await usernameOf(user.id);
    for (const [attempt, headers] of Object.entries(forged)) {
      const answer = await app.inject({ ...change(`forged${attempt.length}`), cookies, headers });
      expect(answer.statusCode, attempt).toBe(403);
      expect(await usernameOf(user.id), attempt).toBe(before);
    }
    const honest = await app.inject({
      ...change(`honest${_surface}`),
      cookies,
      headers: { 'x-csrf-token': cookies.csrf },
    });
    expect(honest.statusCode).toBe(200);
    expect(await usernameOf(user.id)).toBe(`honest${_surface}`);
    recordFigure('forged anti-forgery headers refused', Object.keys(forged).length, `${_surface} changes`);
  });
});
