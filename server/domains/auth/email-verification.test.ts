import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_MESSAGES } from '../../../shared/schemas/auth';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { startSmtpCatcher } from '../../../test/support/smtp-catcher';

const smtp = await startSmtpCatcher();
afterAll(smtp.close);
// A Stripe secret makes payments "configured", so the only refusal left is the unconfirmed address.
const { app, call, db } = await testApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://subtitles.example',
  STRIPE_SECRET_KEY: 'sk_test_not_reached',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});
const anonymous = testCaller(app);

async function confirmationToken(email: string) {
  const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
  const link = mail.links.find((url) => url.startsWith('https://subtitles.example/verify-email#token='));
  expect(link, mail.text).toBeDefined();
  return (link as string).split('#token=')[1] as string;
}

describe('e-mail verification', () => {
  it('signs up through tRPC, works at once, and is marked unconfirmed until the link is opened', async () => {
    const signup = await anonymous.mutation('auth.signup', {
      username: 'Vera',
      email: 'vera@example.com',
      password: 'Secret-pass1!',
      passwordRetype: 'Secret-pass1!',
      terms: true,
      existingCompany: false,
      companyName: 'Vera Co',
      companyAddress: 'Street 1',
    });
    expect(signup.status).toBe(200);
    expect(signup.data.emailVerified).toBe(false);
    const token = await confirmationToken('vera@example.com');

    const verified = await anonymous.mutation('auth.verifyEmail', { token });
    expect(verified.data).toEqual({ message: ACCOUNT_MAIL_MESSAGES.emailVerified });
    const user = await db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', 'vera@example.com')
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);

    const again = await anonymous.mutation('auth.verifyEmail', { token });
    expect(again.status).toBe(400);
    expect(again.error.message).toBe(ACCOUNT_MAIL_MESSAGES.verificationLinkInvalid);
  });

  it('shows the mark to the user and to the admin list, and sends again on request', async () => {
    const user = await signedUpUser(call, 'marked');
    const caller = testCaller(app, user.token);
    expect((await caller.query('auth.me')).data.emailVerified).toBe(false);
    const admin = testCaller(app, await adminToken(call));
    const listed = async () =>
      ((await admin.query('users.list', {})).data as { id: number; emailVerified: boolean }[]).find(
        (row) => row.id === user.id,
      );
    expect((await listed())?.emailVerified).toBe(false);
    const first = await confirmationToken(user.email);

    const resent = await caller.mutation('auth.resendVerification');
    expect(resent.data).toEqual({ sent: true, alreadyVerified: false });
    await expect.poll(() => smtp.messagesTo(user.email, /Confirm/).length).toBe(2);
    const second = await confirmationToken(user.email);
    expect(second).not.toBe(first);
    // Only the latest link works.
    expect((await anonymous.mutation('auth.verifyEmail', { token: first })).status).toBe(400);
    expect((await anonymous.mutation('auth.verifyEmail', { token: second })).status).toBe(200);
    expect((await caller.query('auth.me')).data.emailVerified).toBe(true);
    expect((await listed())?.emailVerified).toBe(true);
    expect((await caller.mutation('auth.resendVerification')).data).toEqual({
      sent: false,
      alreadyVerified: true,
    });
  });

  it('refuses a purchase until the address is confirmed, with a clear message', async () => {
    const user = await signedUpUser(call, 'buyer');
    const caller = testCaller(app, user.token);
    const refused = await caller.mutation('billing.checkout', { quantity: 5 });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(ACCOUNT_MAIL_MESSAGES.verifyBeforePurchase);
    const rest = await call('POST', '/api/checkout-session', {
      token: user.token,
      body: { data: { quantity: 5 } },
    });
    expect(rest.status).toBe(403);
    expect(rest.body.error.message).toBe(ACCOUNT_MAIL_MESSAGES.verifyBeforePurchase);

    await anonymous.mutation('auth.verifyEmail', { token: await confirmationToken(user.email) });
    // Past the check: it now gets as far as the (unreachable) payment provider.
    const allowed = await caller.mutation('billing.checkout', { quantity: 5 });
    expect(allowed.error?.message).not.toBe(ACCOUNT_MAIL_MESSAGES.verifyBeforePurchase);
  });

  it('refuses an expired confirmation link', async () => {
    const user = await signedUpUser(call, 'slow');
    const token = await confirmationToken(user.email);
    await db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await anonymous.mutation('auth.verifyEmail', { token })).status).toBe(400);
    expect((await testCaller(app, user.token).query('auth.me')).data.emailVerified).toBe(false);
  });
});
