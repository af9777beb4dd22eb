import { expect as baseExpect, test } from '@playwright/test';
import { createApiClient } from '../../server/client-sdk';
import { createCompanyUser, signIn } from './support/accounts';

const expect = baseExpect.configure({ timeout: 15_000 });

test('creates an API token on My Account › API tokens, a script uses it, and revoking it ends that', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createCompanyUser(request, { credits: 3 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();

  await page.getByLabel('Token name').fill('Nightly report');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Copy it now: it is shown only this once.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const token = await page.getByLabel('Token', { exact: true }).inputValue();
  expect(token).toMatch(/^sbt_[a-z2-7]{32}$/);
  const row = page.getByRole('row', { name: /Nightly report/ });
  await expect(row).toContainText('Never used');

  // The script's side: the typed client and a plain REST call, both with the token alone.
  const api = createApiClient(baseURL ?? '', token);
  const company = await api.companies.get.query({ id: user.companyId });
  expect(company).toMatchObject({ id: user.companyId, creditsCents: 300 });
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: user.email });

  await page.reload();
  await expect(page.getByRole('row', { name: /Nightly report/ })).not.toContainText('Never used');

  await page.getByRole('button', { name: 'Revoke Nightly report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke token' });
  await expect(dialog).toContainText('Revoke the token "Nightly report"?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();
  const refused = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});
