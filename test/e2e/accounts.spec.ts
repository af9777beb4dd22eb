import { expect as baseExpect, type Page, test } from '@playwright/test';

// Password hashing (Argon2id) on signup, login and profile saves is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

import { e2eAdmin } from '../../playwright.config';

/** Each test makes its own people, so the tests do not depend on each other or on their order. */
function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

interface NewUser {
  name: string;
  email: string;
  password: string;
}

function newUser(prefix: string): NewUser {
  const id = uniqueId();
  return {
    name: `${prefix} ${id}`,
    email: `${prefix.toLowerCase()}-${id}@e2e.test`,
    password: 'Signup-pass1!',
  };
}

async function fillSignup(page: Page, user: NewUser) {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Retype password').fill(user.password);
}

async function acceptTermsAndSignUp(page: Page) {
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  // Log out reloads the page: read storage once the new page is there.
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
}

/** A typed tRPC call with the browser's own session, for set-up the admin UI does not offer. */
async function trpcAsBrowser(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST') {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response =
    method === 'GET'
      ? await page.request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await page.request.post(`/trpc/${procedure}`, { data: input, headers: { 'x-csrf-token': csrf } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

test('signup with a new company, log out, log in, edit the profile, log out', async ({ page }) => {
  const user = newUser('Ada');
  await fillSignup(page, user);
  await page.getByLabel('New company name').fill(`Engines ${uniqueId()}`);
  await page.getByLabel('Company address').fill('1 Engine Street\nLondon');
  await acceptTermsAndSignUp(page);
  await logOut(page);

  await logIn(page, user.email, user.password);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Retype Password').fill('short');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }),
  ).toBeVisible();

  const newName = `Grace ${uniqueId()}`;
  const newPassword = 'Changed-pass2';
  await page.getByLabel('Name').fill(newName);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Retype Password').fill(newPassword);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText(newName)).toBeVisible();
  await logOut(page);

  // The new password is the one that works now.
  await logIn(page, user.email, newPassword);
  await logOut(page);
});

test('signup naming an existing company; an admin assigns it with a credit transfer, audited', async ({
  page,
}) => {
  const user = newUser('Joiner');
  await fillSignup(page, user);
  await page.getByRole('switch', { name: 'My company already has an account' }).check();
  await page.getByLabel('Company name').fill('Acme the existing one');
  await acceptTermsAndSignUp(page);
  await logOut(page);

  await logIn(page, e2eAdmin.email, e2eAdmin.password);

  // A company to join, made through the admin screen.
  const companyName = `Acme ${uniqueId()}`;
  await page.goto('/company/overview');
  await page.getByRole('button', { name: 'Create Company' }).click();
  const create = page.getByRole('dialog', { name: 'Create Company' });
  await create.getByLabel('Name').fill(companyName);
  await create.getByLabel('Address').fill('2 Road\nTown');
  await expect(create.getByLabel('Balance')).toHaveValue('€0.00');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();

  // The user's private credits: no admin screen sets them, the typed API does.
  const [joiner] = (await trpcAsBrowser(page, 'users.list', { search: user.email }, 'GET')) as {
    id: number;
  }[];
  expect(joiner).toBeDefined();
  await trpcAsBrowser(page, 'users.setPrivateCredits', { userId: joiner?.id, credits: 7 }, 'POST');

  await page.goto('/admin/user/overview');
  const withoutCompany = page.getByRole('table', { name: 'Users without a valid Company' });
  const row = withoutCompany.getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText('Acme the existing one');
  await row.getByRole('button', { name: 'Select Company' }).click();

  const dialog = page.getByRole('dialog', { name: 'Select a Company' });
  await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
  await page.getByRole('option', { name: new RegExp(companyName) }).click();
  await dialog.getByRole('checkbox', { name: 'Transfer private credits' }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Euros transferred')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(withoutCompany.getByText(user.email)).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Users', exact: true }).getByRole('row').filter({ hasText: user.email }),
  ).toContainText(companyName);

  await page.goto('/admin/audit');
  const line = page.getByRole('row').filter({ hasText: `assigned user ${user.name} to company` });
  await expect(line).toContainText('transferred €7.00');
  await expect(line).toContainText(e2eAdmin.email);
  await line.getByRole('button', { name: /Show detail/ }).click();
  const detail = page.getByRole('dialog', { name: 'Audit Detail' });
  await expect(detail).toContainText(companyName);
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // The company now holds the transferred euros.
  await page.goto('/company/overview');
  await expect(page.getByRole('row').filter({ hasText: companyName })).toContainText('€7.00');
  await logOut(page);
});

test('login: the PRODUCT.md §5 messages, and the sixth submit of a visit is blocked', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login' });
  await login.click();
  await expect(page.getByRole('alert').filter({ hasText: 'email and password are mandatory' })).toBeVisible();

  // One wrong password (the server limits failures per IP, so only one).
  await page.getByLabel('Email').fill(`nobody-${uniqueId()}@e2e.test`);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-pass1');
  await login.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('');
  for (let attempt = 3; attempt <= 5; attempt += 1) await login.click();
  await login.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many login attempts. Please try again later.' }),
  ).toHaveCount(2);
});
