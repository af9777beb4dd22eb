import { afterAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../shared/schemas/team';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { startSmtpCatcher } from '../../../test/support/smtp-catcher';

const smtp = await startSmtpCatcher();
afterAll(smtp.close);
const { app, call, db } = await testApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://subtitles.example' });
const anonymous = testCaller(app);
let counter = 0;

async function invite(adminToken: string) {
  counter += 1;
  const email = `colleague${counter}@example.com`;
  const answer = await testCaller(app, adminToken).mutation('team.invite', { email });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  const mail = await smtp.waitFor(email, /invites you/);
  const link = mail.links.find((url) => url.startsWith('https://subtitles.example/invitation#token='));
  expect(link, mail.text).toBeDefined();
  return { email, mail, token: (link as string).split('#token=')[1] as string };
}

const accept = (token: string, username = 'Colleague') =>
  anonymous.mutation('team.acceptInvitation', {
    token,
    username,
    password: 'Team-pass1!',
    passwordRetype: 'Team-pass1!',
    terms: true,
  });

describe('inviting a colleague', () => {
  it('creates the account already in the company, confirmed and logged in, with no suggestion', async () => {
    const owner = await signedUpUser(call, 'owner');
    const { email, mail, token } = await invite(owner.token);
    expect(mail.subject).toMatch(/^owner\d+ invites you to owner company on Subtitling$/);
    expect((await anonymous.query('team.invitation', { token })).data).toEqual({
      valid: true,
      email,
      companyName: 'owner company',
    });

    const joined = await accept(token);
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    expect(joined.data).toMatchObject({
      email,
      companyId: owner.companyId,
      suggestion: null,
      emailVerified: true,
    });

    const login = await call('POST', '/api/auth/local', {
      body: { identifier: email, password: 'Team-pass1!' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.company).toBe(owner.companyId);

    const team = await testCaller(app, owner.token).query('team.overview');
    expect(team.data.members.map((member: { email: string }) => member.email)).toEqual([owner.email, email]);
    expect(team.data.invitations).toEqual([]);

    // Used once.
    const again = await accept(token, 'Second');
    expect(again.status).toBe(400);
    expect(again.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
  });

  it('refuses an invitation after 7 days', async () => {
    const owner = await signedUpUser(call, 'slowowner');
    const { email, token } = await invite(owner.token);
    await db
      .updateTable('company_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await anonymous.query('team.invitation', { token })).data).toEqual({ valid: false });
    const joined = await accept(token);
    expect(joined.status).toBe(400);
    expect(joined.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
    expect(await db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses a withdrawn invitation, and only its company may withdraw it', async () => {
    const owner = await signedUpUser(call, 'revoker');
    const stranger = await signedUpUser(call, 'stranger');
    const { email, token } = await invite(owner.token);
    const open = await testCaller(app, owner.token).query('team.overview');
    const invitationId = open.data.invitations[0].id as number;
    expect(open.data.invitations[0].email).toBe(email);

    const foreign = await testCaller(app, stranger.token).mutation('team.revokeInvitation', { invitationId });
    expect(foreign.status).toBe(404);
    const revoked = await testCaller(app, owner.token).mutation('team.revokeInvitation', { invitationId });
    expect(revoked.status).toBe(200);
    expect((await testCaller(app, owner.token).query('team.overview')).data.invitations).toEqual([]);

    const joined = await accept(token);
    expect(joined.status).toBe(400);
    expect(joined.error.message).toBe(TEAM_MESSAGES.invitationInvalid);
  });

  it('refuses to invite an address that has an account, and lets only company admins invite', async () => {
    const owner = await signedUpUser(call, 'picky');
    const existing = await signedUpUser(call, 'existing');
    const taken = await testCaller(app, owner.token).mutation('team.invite', { email: existing.email });
    expect(taken.status).toBe(409);
    expect(taken.error.message).toBe(TEAM_MESSAGES.emailHasAccount);

    const { token } = await invite(owner.token);
    const member = await accept(token, 'Member');
    const memberLogin = await call('POST', '/api/auth/local', {
      body: { identifier: member.data.email, password: 'Team-pass1!' },
    });
    const asMember = testCaller(app, memberLogin.body.jwt);
    const refused = await asMember.mutation('team.invite', { email: 'x@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(TEAM_MESSAGES.onlyCompanyAdmins);
    expect((await asMember.query('team.overview')).status).toBe(403);
  });
});

describe('managing members', () => {
  it('makes a member an admin, and removes a member who is then logged out and without a company', async () => {
    const owner = await signedUpUser(call, 'manager');
    const { token } = await invite(owner.token);
    const joined = await accept(token, 'Helper');
    const helperId = joined.data.id as number;
    const helperLogin = await call('POST', '/api/auth/local', {
      body: { identifier: joined.data.email, password: 'Team-pass1!' },
    });
    const helper = testCaller(app, helperLogin.body.jwt);

    const ownerCalls = testCaller(app, owner.token);
    expect((await ownerCalls.mutation('team.setAdmin', { userId: helperId, admin: true })).status).toBe(200);
    expect((await helper.query('team.overview')).status).toBe(200);
    expect((await ownerCalls.mutation('team.setAdmin', { userId: helperId, admin: false })).status).toBe(200);
    expect((await helper.query('team.overview')).status).toBe(403);

    const stranger = await signedUpUser(call, 'outsider');
    expect((await ownerCalls.mutation('team.removeMember', { userId: stranger.id })).status).toBe(404);
    expect((await ownerCalls.mutation('team.removeMember', { userId: owner.id })).status).toBe(403);

    expect((await ownerCalls.mutation('team.removeMember', { userId: helperId })).status).toBe(200);
    expect((await helper.query('auth.me')).status).toBe(401);
    const row = await db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', helperId)
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBeNull();
    const strangerRow = await db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    expect(strangerRow.company_id).toBe(stranger.companyId);
  });
});
