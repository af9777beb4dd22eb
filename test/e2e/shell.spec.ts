import { expect, test } from '@playwright/test';

test('the home page loads with both upload tabs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Automatic Professional Subtitles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Upload Your Own Subtitles' })).toBeVisible();
});

test('a guarded route sends a visitor to the login page', async ({ page }) => {
  await page.goto('/videos');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('an admin route sends a visitor to the login page', async ({ page }) => {
  await page.goto('/company/overview');
  await expect(page).toHaveURL(/\/login$/);
});

test('a public page shows its title and html from the content service', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByText('Up to 5 times the length of the video')).toBeVisible();
});

test('the menu shows the app version from package.json', async ({ page }) => {
  const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
  await page.goto('/');
  await expect(page.getByText(version, { exact: false }).first()).toBeVisible();
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
