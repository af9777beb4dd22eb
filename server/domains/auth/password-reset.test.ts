import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_MESSAGES } from '../../../shared/schemas/auth';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { startSmtpCatcher } from '../../../test/support/smtp-catcher';
import { mailPasswordResetLink } from './password-reset';

const smtp = await startSmtpCatcher();
afterAll(smtp.close);
const { app, call, db, pool, services } = await testApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://subtitles.example',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '30',
});
const anonymous = testCaller(app);
const NEW_PASSWORD = 'Brand-new-pass1!';

async function resetLinkFor(email: string) {
  const before = smtp.messagesTo(email, /new password/).length;
  const asked = await anonymous.mutation('auth.requestPasswordReset', { email });
  expect(asked.status).toBe(200);
  await runQueuedJobs(pool, services);
  await expect.poll(() => smtp.messagesTo(email, /new password/).length).toBe(before + 1);
  const mail = await smtp.waitFor(email, /new password/);
  const link = mail.links.find((url) => url.includes('/reset-password#token='));
  expect(link, mail.text).toBeDefined();
  return { mail, link: link as string, token: (link as string).split('#token=')[1] as string };
}

describe('forgot password', () => {
  it('mails a link built from PUBLIC_URL, in plain text and HTML', async () => {
    const user = await signedUpUser(call, 'forgetful');
    const { mail, link } = await resetLinkFor(user.email);
    expect(link).toMatch(/^https:\/\/subtitles\.example\/reset-password#token=[a-z2-7]{32}$/);
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.text).toContain('works once, for 1 hour');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const user = await signedUpUser(call, 'known');
    const known = await anonymous.mutation('auth.requestPasswordReset', { email: user.email });
    const unknown = await anonymous.mutation('auth.requestPasswordReset', { email: 'nobody@example.com' });
    expect(unknown).toEqual(known);
    expect(unknown.data).toEqual({ message: ACCOUNT_MAIL_MESSAGES.resetRequested, mailConfigured: true });
    await runQueuedJobs(pool, services);
    await smtp.waitFor(user.email, /new password/);
    expect(smtp.messagesTo('nobody@example.com')).toHaveLength(0);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const user = await signedUpUser(call, 'resetter');
    const { token } = await resetLinkFor(user.email);
    expect((await anonymous.query('auth.passwordResetLinkValid', { token })).data).toEqual({ valid: true });

    const reset = await anonymous.mutation('auth.resetPassword', {
      token,
      password: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.data.message).toBe(ACCOUNT_MAIL_MESSAGES.passwordChanged);

    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
    const oldLogin = await anonymous.mutation('auth.login', { email: user.email, password: user.password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await anonymous.mutation('auth.login', { email: user.email, password: NEW_PASSWORD });
    expect(newLogin.status).toBe(200);

    const again = await anonymous.mutation('auth.resetPassword', {
      token,
      password: 'Other-pass1!x',
      passwordRetype: 'Other-pass1!x',
    });
    expect(again.status).toBe(400);
    expect(again.error.message).toBe(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid);
    expect((await anonymous.query('auth.passwordResetLinkValid', { token })).data).toEqual({ valid: false });
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await signedUpUser(call, 'late');
    const { token } = await resetLinkFor(user.email);
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const reset = await anonymous.mutation('auth.resetPassword', {
      token,
      password: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
    });
    expect(reset.status).toBe(400);
    expect(reset.error.message).toBe(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid);
    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(200);
    const login = await anonymous.mutation('auth.login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it('makes an earlier link stop working when a newer one is sent', async () => {
    const user = await signedUpUser(call, 'twice');
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    const withFirst = await anonymous.mutation('auth.resetPassword', {
      token: first.token,
      password: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
    });
    expect(withFirst.status).toBe(400);
    const withSecond = await anonymous.mutation('auth.resetPassword', {
      token: second.token,
      password: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
    });
    expect(withSecond.status).toBe(200);
  });

  it('leaves only the latest link usable, and at most 5 sent an hour, when many are mailed at once', async () => {
    const user = await signedUpUser(call, 'racing');
    const sent = await Promise.all(
      Array.from({ length: 12 }, () => mailPasswordResetLink(services, user.email)),
    );
    expect(sent.filter(Boolean)).toHaveLength(5);
    const tokens = await db
      .selectFrom('account_tokens')
      .select('used_at')
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .execute();
    expect(tokens).toHaveLength(5);
    expect(tokens.filter((token) => token.used_at === null)).toHaveLength(1);
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await signedUpUser(call, 'hashed');
    const { token } = await resetLinkFor(user.email);
    const rows = await db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(rows.map((row) => row.id)).not.toContain(token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('refuses a weak new password and a made-up token with clear messages', async () => {
    const weak = await anonymous.mutation('auth.resetPassword', {
      token: 'whatever',
      password: 'weak',
      passwordRetype: 'weak',
    });
    expect(weak.status).toBe(400);
    expect(weak.error.data.fieldErrors.password).toBeDefined();
    const madeUp = await anonymous.mutation('auth.resetPassword', {
      token: 'made-up',
      password: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
    });
    expect(madeUp.status).toBe(400);
    expect(madeUp.error.message).toBe(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid);
  });

  it('answers the legacy Strapi paths: forgot-password, then reset-password logs in with the new password', async () => {
    const user = await signedUpUser(call, 'strapi');
    const asked = await call('POST', '/api/auth/forgot-password', {
      body: { email: user.email },
      ip: '10.66.0.1',
    });
    const unknown = await call('POST', '/api/auth/forgot-password', {
      body: { email: 'ghost@example.com' },
      ip: '10.66.0.1',
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ ok: true });
    expect(unknown.body).toEqual(asked.body);
    await runQueuedJobs(pool, services);
    const mail = await smtp.waitFor(user.email, /new password/);
    const code = (mail.links[0] as string).split('#token=')[1];

    const reset = await call('POST', '/api/auth/reset-password', {
      body: { code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ip: '10.66.0.1',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: user.id, email: user.email });
    expect((await call('GET', '/api/users/me', { token: reset.body.jwt })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(401);

    const again = await call('POST', '/api/auth/reset-password', {
      body: { code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ip: '10.66.0.1',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid);
  });

  it('limits requests from one address per hour', async () => {
    const answers = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/auth.requestPasswordReset',
        remoteAddress: '10.77.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `flood${index}@example.com` }),
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
