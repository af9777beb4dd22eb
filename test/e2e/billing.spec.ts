import { expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmAddress } from './support/mail';

// Password hashing (Argon2id) on signup, login and profile saves is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Signs up a fresh user; with `company`, as the admin of a new company, else naming an existing one.
 * The address is then confirmed by the e-mailed link, as buying needs.
 */
async function signUp(page: Page, { withCompany }: { withCompany: boolean }) {
  const id = uniqueId();
  const email = `buyer-${id}@e2e.test`;
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(`Buyer ${id}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Buyer-pass1!');
  await page.getByLabel('Retype password').fill('Buyer-pass1!');
  if (withCompany) {
    await page.getByLabel('New company name').fill(`Buyers ${id}`);
    await page.getByLabel('Company address').fill('3 Market Square');
  } else {
    await page.getByRole('switch', { name: 'My company already has an account' }).check();
    await page.getByLabel('Company name').fill('Somebody else');
  }
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await confirmAddress(page, email);
  await page.goto('/');
}

test('a user buys €5; the payment is confirmed 3 s after the browser is back, and the balance follows live', async ({
  page,
}) => {
  await signUp(page, { withCompany: true });
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Balance: €0.00' }).click();

  await expect(page.getByRole('heading', { name: 'Current Balance' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText('€0.00');
  await expect(page.getByRole('heading', { name: 'Add Balance' })).toBeVisible();
  await page.getByRole('button', { name: '€5', exact: true }).click();
  await expect(page.getByLabel('Amount (€)')).toHaveValue('5');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();

  // The (fake) provider's hosted page sends the browser back at once, as Stripe does; its signed
  // webhook follows 3 s later (playwright.config.ts), delivered twice.
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/balance\/success\?session_id=cs_test_\w+$/);
  const waiting = page.getByRole('status', { name: 'Payment' });
  await expect(waiting).toHaveText('Payment received, waiting for confirmation');
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
  // Nothing is claimed before the ledger has the euros.
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText('€0.00');
  await expect(page.getByText('Credits purchased successfully!')).toHaveCount(0);

  // The credit's live event brings the new balance, without a reload, and sooner than the screen's
  // slow poll (15 s while the live stream is up) would.
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText('€5.00', {
    timeout: 10_000,
  });
  await expect(page.getByText('Credits purchased successfully!')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
    true,
  );

  // Where the euros went, once however often the webhook came, and the menu agrees.
  const ledgerRows = page.getByRole('table', { name: 'Ledger' }).getByRole('row');
  await expect(ledgerRows.nth(1)).toContainText('+€5.00');
  await expect(ledgerRows.filter({ hasText: '+€5.00' })).toHaveCount(1);
  await page.getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Balance: €5.00' })).toBeVisible();
});

test('a user without a company is told buying is not possible, after the loading grace', async ({ page }) => {
  await signUp(page, { withCompany: false });
  await page.goto('/balance');
  const notice = page.getByText(
    'Buying euros is not possible for you today. Please contact us for assistance.',
  );
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
});

test('a failed payment shows the failure toast', async ({ page }) => {
  await signUp(page, { withCompany: true });
  await page.goto('/balance/failure');
  await expect(page.getByText('Failed to purchase credits.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Balance' })).toBeVisible();
});

test('a payment still not credited after 2 minutes is said to be still being confirmed, not purchased', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, { withCompany: true });
  await page.goto('/balance');
  await page.getByRole('button', { name: '€5', exact: true }).click();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  // Back from the provider without paying: a session whose webhook never comes.
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  const sessionId = new URL(page.url()).pathname.split('/').at(-1);
  await page.goto(`/balance/success?session_id=${sessionId}`);
  await expect(page.getByRole('status', { name: 'Payment' })).toHaveText(
    'Payment received, waiting for confirmation',
  );

  await page.clock.fastForward('02:01');
  await expect(page.getByRole('status', { name: 'Payment' })).toHaveText(
    'Your payment is still being confirmed. It will appear here within a few minutes; if it does not, contact us.',
    { useInnerText: true },
  );
  await expect(
    page.getByRole('status', { name: 'Payment' }).getByRole('link', { name: 'contact us' }),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText('€0.00');
  await expect(page.getByText('Credits purchased successfully!')).toHaveCount(0);
});
