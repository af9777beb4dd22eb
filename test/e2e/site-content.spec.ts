import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './support/accounts';

// Password hashing (Argon2id) on login is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const footer = (page: Page) => page.locator('footer');

async function saveLinks(admin: Page, addresses: Record<string, string>) {
  await admin.goto('/admin/overview');
  await admin.getByRole('link', { name: 'Links' }).click();
  await expect(admin).toHaveURL(/\/admin\/links$/);
  for (const [label, address] of Object.entries(addresses)) {
    await admin.getByRole('textbox', { name: label, exact: true }).fill(address);
  }
  await admin.getByRole('button', { name: 'Save Changes' }).click();
}

test('an admin sets the external links; the footer and the menu follow, and an empty link hides', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  // No placeholder address anywhere; contact falls back to the product's own page; no social links yet.
  await expect(footer(visitor).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await expect(footer(visitor).getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: /Subtitling GPT/ })).toHaveCount(0);
  expect(await visitor.locator('a[href*=".example"]').count()).toBe(0);
  await footer(visitor).getByRole('link', { name: 'Contact us' }).click();
  await expect(visitor.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);

  // A dangerous address is refused with a reason, and nothing is saved.
  await saveLinks(admin, { Community: 'javascript:alert(1)' });
  await expect(admin.getByText(/Use a web address/)).toBeVisible();

  await saveLinks(admin, {
    Community: '',
    'Help centre': 'https://help.acme.test/',
    LinkedIn: 'https://www.linkedin.com/company/acme',
    'Subtitling GPT': 'https://chatgpt.com/g/acme-subtitles',
  });
  await expect(admin.getByText('Links updated')).toBeVisible();

  await visitor.goto('/');
  await expect(footer(visitor).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/company/acme',
  );
  await expect(footer(visitor).getByRole('link', { name: 'Help centre' })).toHaveAttribute(
    'href',
    'https://help.acme.test/',
  );
  await expect(
    visitor
      .getByRole('navigation', { name: 'Main menu' })
      .first()
      .getByRole('link', { name: /Subtitling GPT/ }),
  ).toHaveAttribute('href', 'https://chatgpt.com/g/acme-subtitles');

  await admin.goto('/admin/audit');
  await expect(admin.getByText('set the Help centre link to https://help.acme.test/')).toBeVisible();

  // Emptied again: LinkedIn and the GPT page hide, the help centre falls back to the help page.
  await saveLinks(admin, { 'Help centre': '', LinkedIn: '', 'Subtitling GPT': '' });
  await expect(admin.getByText('Links updated')).toBeVisible();
  await visitor.goto('/');
  await expect(footer(visitor).getByRole('link', { name: 'LinkedIn' })).toHaveCount(0);
  await expect(footer(visitor).getByRole('link', { name: 'Help centre' })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: /Subtitling GPT/ })).toHaveCount(0);
});

test('the legal pages start as marked templates; an admin is prompted to review them until saved', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/privacy');
  await expect(visitor.getByText('Template — to be reviewed.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Your rights' })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/overview');
  const prompt = admin.getByRole('status').filter({ hasText: 'Pages to review' });
  await expect(prompt.getByRole('link', { name: 'Review Privacy' })).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Review Terms and conditions' })).toBeVisible();

  await prompt.getByRole('link', { name: 'Review Privacy' }).click();
  const html = admin.getByRole('textbox', { name: 'Html', exact: true });
  const reviewed = (await html.inputValue()).replace(
    /<p><strong>Template — to be reviewed\.<\/strong>.*?<\/p>/,
    '',
  );
  await html.fill(reviewed.replaceAll('[Company name]', 'Acme Subtitles BV'));
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin).toHaveURL(/\/admin\/content\/overview$/);
  await expect(
    admin
      .getByRole('status')
      .filter({ hasText: 'Pages to review' })
      .getByRole('link', { name: 'Review Privacy' }),
  ).toHaveCount(0);
  await expect(admin.getByRole('link', { name: 'Review Terms and conditions' })).toBeVisible();

  await visitor.goto('/privacy');
  await expect(visitor.getByText('Acme Subtitles BV').first()).toBeVisible();
  await expect(visitor.getByText('Template — to be reviewed.')).toHaveCount(0);
});
