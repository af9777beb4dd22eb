import { afterAll, describe, expect, it } from 'vitest';
import { mailNotSentMessage } from '../../../shared/schemas/auth';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { startSmtpCatcher } from '../../../test/support/smtp-catcher';

// A mail server that refuses every recipient for good (550), as one does for a mistyped domain or a
// blocked sender: the screens that said "we sent" must say the mail was not sent.
const smtp = await startSmtpCatcher({ refuse: true });
afterAll(smtp.close);
const { app, call, db } = await testApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://subtitles.example' });

/** Until the server has answered this recipient with a refusal. */
const refused = (email: string) =>
  expect
    .poll(() => smtp.attempts.some((attempt) => attempt.to === email && attempt.code === 550), {
      timeout: 5_000,
    })
    .toBe(true);

describe('a mail the server refuses', () => {
  it('leaves the confirmation link unsent on record: the profile says so instead of "we sent"', async () => {
    const user = await signedUpUser(call, 'refused');
    await refused(user.email);
    const caller = testCaller(app, user.token);
    await expect
      .poll(async () => (await caller.query('auth.me')).data.verificationMailFailedTo)
      .toBe(user.email);
    expect(mailNotSentMessage(user.email)).toBe(
      `We could not send the e-mail to ${user.email}; check the address or contact support.`,
    );
    expect(smtp.received).toEqual([]);
  });

  it("tells each user of their own mail only, never another user's address", async () => {
    const first = await signedUpUser(call, 'own');
    await refused(first.email);
    const later = await signedUpUser(call, 'other');
    await refused(later.email);
    const failedTo = async (token: string) =>
      (await testCaller(app, token).query('auth.me')).data.verificationMailFailedTo;
    await expect.poll(() => failedTo(later.token)).toBe(later.email);
    expect(await failedTo(first.token)).toBe(first.email);
  });

  it('marks the invitation whose mail was refused on the team screen, and only it', async () => {
    const owner = await signedUpUser(call, 'inviter');
    const admin = testCaller(app, owner.token);
    const email = 'nobody@refused.example';
    expect((await admin.mutation('team.invite', { email })).status).toBe(200);
    await refused(email);
    const invitation = async () =>
      (
        (await admin.query('team.overview')).data as {
          invitations: { email: string; mailFailedAt: unknown }[];
        }
      ).invitations.find((row) => row.email === email);
    await expect.poll(async () => (await invitation())?.mailFailedAt).toBeTruthy();
    const row = await db
      .selectFrom('company_invitations')
      .select('mail_failed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.mail_failed_at).toBeInstanceOf(Date);
  });

  it('says nothing once the address is confirmed, whatever the last mail did', async () => {
    const user = await signedUpUser(call, 'confirmed');
    await refused(user.email);
    const caller = testCaller(app, user.token);
    await expect
      .poll(async () => (await caller.query('auth.me')).data.verificationMailFailedTo)
      .toBe(user.email);
    await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', user.id).execute();
    expect((await caller.query('auth.me')).data.verificationMailFailedTo).toBeNull();
  });
});
