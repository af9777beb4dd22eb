import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { latestMail, linkIn } from './support/mail';

// Password hashing (Argon2id) is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Log Out reloads the page: the next navigation waits until the new page is there. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
}

test('forgot password: from the login page, by the e-mailed link, to a login with the new password', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 0 });
  const newPassword = 'Renewed-pass1!';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');

  const mail = await latestMail(user.email, /Choose a new password/);
  await page.goto(linkIn(mail, '/reset-password#token='));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Retype new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.getByRole('link', { name: 'Log In' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

  // The link worked once.
  await page.goto(linkIn(mail, '/reset-password#token='));
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');
});

test('an unconfirmed address is marked on the profile, buying asks for it, and the e-mailed link confirms it', async ({
  page,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const email = `confirm-${id}@e2e.test`;
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(`Confirm ${id}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Confirm-pass1!');
  await page.getByLabel('Retype password').fill('Confirm-pass1!');
  await page.getByLabel('New company name').fill(`Confirmers ${id}`);
  await page.getByLabel('Company address').fill('5 Mail Street');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

  await page.goto('/balance');
  await page.getByRole('button', { name: '€5', exact: true }).click();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('Please confirm your e-mail address before buying credits.')).toBeVisible();

  await latestMail(email, /Confirm your e-mail address/);
  await page.goto('/user/overview');
  const notice = page.getByRole('alert', { name: 'E-mail address not confirmed' });
  await expect(notice).toContainText('You need a confirmed address to buy credits');
  await notice.getByRole('button', { name: 'Send again' }).click();
  await expect(notice.getByRole('status')).toHaveText(
    'We have sent you a link to confirm your e-mail address.',
  );

  const mail = await latestMail(email, /Confirm your e-mail address/, 2);
  await page.goto(linkIn(mail, '/verify-email#token='));
  await expect(page.getByRole('status')).toHaveText(/Your e-mail address is confirmed/);
  await page.goto('/user/overview');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('alert', { name: 'E-mail address not confirmed' })).toHaveCount(0);

  // Notices are switched off on the same screen, and stay off.
  const messages = page.getByRole('switch', { name: 'A new message from the admins' });
  await expect(messages).toBeChecked();
  await messages.click({ force: true });
  await expect(messages).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'A new message from the admins' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'A video of mine is finished or failed' })).toBeChecked();
});

test('a company admin invites a teammate from the Team screen; the teammate joins by the e-mailed link and logs in', async ({
  page,
  request,
}) => {
  const owner = await createCompanyUser(request, { credits: 0 });
  const teammate = `teammate-${Date.now().toString(36)}@e2e.test`;
  await signIn(page, owner);
  await page.goto('/');

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByLabel("Colleague's e-mail").fill(teammate);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${teammate}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Open invitations' })).toContainText(teammate);

  const mail = await latestMail(teammate, /invites you to/);
  await logOut(page);

  await page.goto(linkIn(mail, '/invitation#token='));
  await expect(page.getByText(`Your account uses ${teammate}`)).toBeVisible();
  await page.getByLabel('Name').fill('Tess Teammate');
  await page.getByLabel('Password', { exact: true }).fill('Teammate-pass1!');
  await page.getByLabel('Retype password').fill('Teammate-pass1!');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

  // Logged out and in again with the new password: the account is in the owner's company.
  await logOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(teammate);
  await page.getByLabel('Password', { exact: true }).fill('Teammate-pass1!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByText(`Studio `)).toBeVisible();
  await expect(page.getByRole('alert', { name: 'E-mail address not confirmed' })).toHaveCount(0);
});

test('a mail the server refuses is told on the screen that promised it: the profile and the Team screen', async ({
  page,
  request,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  // The e2e mail server refuses every address at this domain (550).
  const email = `signup-${id}@refused.e2e.test`;
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(`Refused ${id}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Refused-pass1!');
  await page.getByLabel('Retype password').fill('Refused-pass1!');
  await page.getByLabel('New company name').fill(`Refused ${id}`);
  await page.getByLabel('Company address').fill('5 Mail Street');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();

  // The refusal is recorded once the mail server has answered: the profile, opened again, says so.
  const refused = `We could not send the e-mail to ${email}; check the address or contact support.`;
  await page.goto('/user/overview');
  const notice = page.getByRole('alert', { name: 'E-mail address not confirmed' });
  await expect(async () => {
    await page.reload();
    await expect(notice).toContainText(refused, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(notice).not.toContainText('We sent a confirmation link');

  const owner = await createCompanyUser(request, { credits: 0 });
  const colleague = `colleague-${id}@refused.e2e.test`;
  await logOut(page);
  await signIn(page, owner);
  await page.goto('/team');
  await page.getByLabel("Colleague's e-mail").fill(colleague);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}`)).toBeVisible();
  const invitations = page.getByRole('table', { name: 'Open invitations' });
  await expect(async () => {
    await page.reload();
    await expect(invitations).toContainText(
      `We could not send the e-mail to ${colleague}; check the address or contact support.`,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });
});
