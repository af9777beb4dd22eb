import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import {
  csrfOf,
  uploadEditedSrt,
  uploadHardcodeVideo,
  videoAttributes,
  waitForBurnIn,
} from './support/videos';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const cueText = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Text of cue ${number}`, exact: true });
const draftStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Draft saved|Unsaved|Saving/ });

/** The company's ledger as the balance screen reads it, newest first. */
async function ledger(page: Page) {
  const response = await page.request.get(`/trpc/companies.ledger?input=${encodeURIComponent('{}')}`, {
    headers: { 'x-csrf-token': await csrfOf(page) },
  });
  return (
    (await response.json()) as { result: { data: { kind: string; amountCents: number; note: string }[] } }
  ).result.data;
}

test('at 2 / 2 the editor offers a paid re-burn with its price, and buying it burns and charges once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  // 6 seconds: €0.10 to upload; one segment, so a re-burn is one started minute at €0.05.
  const videoId = await uploadHardcodeVideo(page);
  await waitForBurnIn(page, videoId);
  for (const lines of [
    ['One', 'Two'],
    ['Three', 'Four'],
  ]) {
    const revision = await uploadEditedSrt(page, videoId, lines);
    expect(revision.ok(), await revision.text()).toBe(true);
    await waitForBurnIn(page, videoId);
  }
  expect((await videoAttributes(page, videoId))?.revisions).toBe(2);

  await page.goto(`/videos/${videoId}/edit`);
  // Nothing edited yet: nothing to buy, and no dead "Save and burn in".
  await expect(page.getByRole('button', { name: 'Buy a re-burn' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save and burn in' })).toHaveCount(0);
  await cueText(page, 1).fill('Bought again');
  await expect(draftStatus(page)).toHaveText('Draft saved');
  const buy = page.getByRole('button', { name: 'Buy a re-burn for €0.05' });
  await expect(buy).toBeEnabled();

  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Buy a re-burn' });
  await expect(dialog).toContainText('1 minute × €0.05 = €0.05');
  await expect(dialog.getByLabel('Balance')).toHaveText('Balance: €4.90; after this re-burn: €4.85.');
  // A double click buys once.
  await dialog.getByRole('button', { name: 'Buy for €0.05 and burn in' }).dblclick();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(
    page.getByText('Re-burn bought for €0.05; the video is being burned in again. Balance: €4.85.'),
  ).toBeVisible();
  await waitForBurnIn(page, videoId);
  expect((await videoAttributes(page, videoId))?.revisions).toBe(2);
  const srts = await page.request.get(`/api/srts?filters[video_id]=${videoId}`);
  expect(JSON.stringify(await srts.json())).toContain('Bought again');

  const reburns = (await ledger(page)).filter((entry) => entry.note?.startsWith('Re-burn of'));
  expect(reburns.map((entry) => [entry.kind, entry.amountCents])).toEqual([['charge', -5]]);
  await page.goto('/balance');
  await expect(page.getByRole('status', { name: 'Current Balance' })).toHaveText('€4.85');
});
