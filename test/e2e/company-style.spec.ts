import { expect, test } from '@playwright/test';
import { createCompanyMember, createCompanyUser, signIn } from './support/accounts';

test("a company's user who is not its admin sets the company's default style on My Profile, for everyone in it", async ({
  page,
  browser,
  request,
}) => {
  const owner = await createCompanyUser(request, { credits: 5 });
  const member = await createCompanyMember(request, owner.companyId);
  const outsider = await createCompanyUser(request, { credits: 5 });

  await signIn(page, member);
  await page.goto('/user/overview');
  await expect(page.getByText('Everyone in your company can change it.')).toBeVisible();
  const defaults = page.getByRole('radiogroup', { name: 'Default style' });
  await expect(defaults.getByRole('radio', { name: 'Broadcast' })).toBeChecked();
  await defaults.getByRole('radio', { name: 'Boxed' }).click();
  await page.getByRole('button', { name: 'Save default style' }).click();
  await expect(page.getByText('New uploads now get the Boxed style.')).toBeVisible();

  // The company's admin finds it on the upload form; another company keeps its own.
  for (const [user, style] of [
    [owner, 'Boxed'],
    [outsider, 'Broadcast'],
  ] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, user);
    await other.goto('/');
    await expect(
      other.getByRole('radiogroup', { name: 'Subtitle style' }).getByRole('radio', { name: style }),
    ).toBeChecked();
    await context.close();
  }
});
