import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyMember, createCompanyUser, signIn } from './support/accounts';
import { uploadHardcodeVideo, waitForBurnIn } from './support/videos';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const cueText = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Text of cue ${number}`, exact: true });

test('a comment made on a cue by one user is seen by a teammate, who opens the read-only review link and resolves it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createCompanyUser(request, { credits: 5 });
  const teammate = await createCompanyMember(request, owner.companyId);
  await signIn(page, owner);
  const videoId = await uploadHardcodeVideo(page);
  await waitForBurnIn(page, videoId);

  await page.goto(`/videos/${videoId}/edit`);
  await cueText(page, 2).click();
  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.getByRole('textbox', { name: 'Comment on cue 2' }).fill('Is "World" the right word here?');
  await comments.getByRole('button', { name: 'Comment', exact: true }).click();
  const open = comments.getByRole('list', { name: 'Open comments' });
  await expect(open).toContainText('Cue 2');
  await expect(open).toContainText('Is "World" the right word here?');
  await comments.getByRole('button', { name: 'Review link' }).click();
  const link = await comments.getByRole('textbox', { name: 'Review link for a teammate' }).inputValue();
  expect(link).toMatch(/\/review\/[a-z2-7]{32}$/);

  // The teammate, in a browser of their own, follows the link to the read-only review and sees the
  // comment on cue 2; nothing there edits the subtitles.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, teammate);
  await other.goto(new URL(link).pathname);
  await expect(other).toHaveURL(new RegExp(`/videos/${videoId}/review$`));
  await expect(other.getByRole('table', { name: 'Cues under review' })).toContainText('World');
  await expect(other.getByRole('textbox', { name: /^Text of cue/ })).toHaveCount(0);
  const seen = other.getByRole('region', { name: 'Comments' });
  await expect(seen.getByRole('list', { name: 'Open comments' })).toContainText(
    'Is "World" the right word here?',
  );
  await seen.getByRole('button', { name: 'Cue 2' }).click();
  await expect(seen.getByRole('textbox', { name: 'Comment on cue 2' })).toBeVisible();
  await seen.getByRole('textbox', { name: 'Comment on cue 2' }).fill('Yes, it is.');
  await seen.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(open).toContainText('Yes, it is.');
  await seen.getByRole('button', { name: /^Resolve the comment .*right word/ }).click();
  await expect(seen).toContainText('1 open, 1 resolved');
  // The author's editor reads the comments again by itself.
  await expect(comments).toContainText('1 open, 1 resolved');
  await context.close();
});
