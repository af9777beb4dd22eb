import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';
import { chooseFile } from './support/upload-form';

// Password hashing (Argon2id) on login is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(e2eAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
}

/**
 * Uploads a 4-second hardcode video through the legacy REST path (PRODUCT.md §7) with the user's session; the
 * server charges it.
 */
async function uploadVideo(page: Page) {
  const clip = makeClip(4);
  const srt = makeSrt('short.srt', ['Hello', 'World']);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title: 'Refund me',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: 'short.srt', mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function expectBalance(page: Page, euros: string) {
  await page.goto('/balance');
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText(euros);
}

test('an admin refunds a video from the company ledger, once', async ({ browser, request }) => {
  const user = await createCompanyUser(request, { credits: 5 });
  const userPage = await (await browser.newContext()).newPage();
  await signIn(userPage, user);
  const videoId = await uploadVideo(userPage);

  const page = await (await browser.newContext()).newPage();
  await logInAsAdmin(page);
  await page.goto(`/company/detail/${user.companyId}`);
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('−€0.10');

  await ledger.getByRole('button', { name: `Refund video #${videoId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund video' });
  await expect(dialog).toContainText(`Refund €0.10 for video #${videoId} to this company?`);
  await dialog.getByRole('button', { name: 'Refund' }).click();

  await expect(page.getByText('Refunded €0.10')).toBeVisible();
  await expect(ledger.getByRole('row').nth(1)).toContainText('Refund');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+€0.10');
  await expect(ledger.getByRole('row').nth(1)).toContainText('€5.00');
  // Refunded once: the button is gone, and the company's own screen agrees.
  await expect(ledger.getByRole('button', { name: /^Refund video/ })).toHaveCount(0);
  await expectBalance(userPage, '€5.00');
});

test('an admin sets the prices; the upload form quotes them and the server charges them', async ({
  browser,
  request,
}) => {
  const page = await (await browser.newContext()).newPage();
  await logInAsAdmin(page);
  await page.goto('/admin/overview');
  await page.getByRole('link', { name: 'Prices', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/prices$/);

  const perMinute = page.getByRole('textbox', { name: 'Price per minute' });
  const minimum = page.getByRole('textbox', { name: 'Minimum price' });
  const translation = page.getByRole('textbox', { name: 'Translation per minute' });
  await expect(perMinute).toHaveValue('€0.10');
  await expect(translation).toHaveValue('€0.05');
  await expect(page.getByText('for each language added to a finished video')).toBeVisible();
  try {
    await perMinute.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter an amount in euros')).toBeVisible();

    await perMinute.fill('0.25');
    await minimum.fill('1');
    await translation.fill('0.07');
    await expect(page.getByRole('list', { name: 'Example prices' })).toContainText(
      'a video of 10 minutes costs €2.50',
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Prices updated')).toBeVisible();
    await page.reload();
    await expect(perMinute).toHaveValue('€0.25');
    await expect(minimum).toHaveValue('€1.00');
    await expect(translation).toHaveValue('€0.07');

    const user = await createCompanyUser(request, { credits: 5 });
    const userPage = await (await browser.newContext()).newPage();
    await signIn(userPage, user);
    await userPage.goto('/');
    await userPage.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
    await chooseFile(userPage, /^Video \(MP4\)/, makeClip(4));
    await expect(userPage.getByText('1 minute × €0.25 = €1.00')).toBeVisible();
    await uploadVideo(userPage);
    await expectBalance(userPage, '€4.00');
  } finally {
    // Later tests quote the default prices of PRODUCT.md §9.
    await page.goto('/admin/prices');
    await perMinute.fill('0.1');
    await minimum.fill('0');
    await translation.fill('0.05');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Prices updated')).toBeVisible();
  }
});

test('an admin adds and removes euros with a reason the company reads in its ledger', async ({
  browser,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  const page = await (await browser.newContext()).newPage();
  await logInAsAdmin(page);
  await page.goto(`/company/detail/${user.companyId}`);
  const form = page.getByRole('form', { name: 'Adjust balance' });
  await expect(form.getByRole('status', { name: 'Company balance' })).toHaveText('€5.00');

  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(form.getByText('Enter an amount to add, or a negative one to remove')).toBeVisible();
  await form.getByRole('textbox', { name: 'Add or remove (€)' }).fill('12.5');
  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(form.getByText('A reason is required: the company sees it in its ledger')).toBeVisible();
  await form.getByRole('textbox', { name: 'Reason' }).fill('Invoice 2026-113 paid');
  // The new balance arrives a moment after the confirmation, as on a slow connection.
  await page.route(/\/trpc\/[^?]*companies\.get/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(page.getByText('Balance adjusted: now €17.50')).toBeVisible();

  // Removing more than there is is refused, naming the balance; nothing changes. What the admin types
  // while the new balance loads stays in the form.
  await form.getByRole('textbox', { name: 'Add or remove (€)' }).fill('-20');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Too much');
  await expect(form.getByRole('status', { name: 'Company balance' })).toHaveText('€17.50');
  await expect(form.getByRole('textbox', { name: 'Add or remove (€)' })).toHaveValue('-20');
  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The balance is €17.50; removing €20.00 would take it below zero.',
  );
  await form.getByRole('textbox', { name: 'Add or remove (€)' }).fill('-2.5');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Goodwill taken back');
  await form.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(page.getByText('Balance adjusted: now €15.00')).toBeVisible();

  const userPage = await (await browser.newContext()).newPage();
  await signIn(userPage, user);
  await expectBalance(userPage, '€15.00');
  const ledger = userPage.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('−€2.50');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Goodwill taken back');
  await expect(ledger.getByRole('row').nth(2)).toContainText('+€12.50');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Invoice 2026-113 paid');
});
