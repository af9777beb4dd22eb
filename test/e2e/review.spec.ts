import { expect as baseExpect, type Page, test } from '@playwright/test';
import { COMMENT_TEXTS } from '../../shared/schemas/comments';
import { createCompanyMember, createCompanyUser, signIn } from './support/accounts';
import { uploadHardcodeVideo, waitForBurnIn } from './support/videos';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
/**
 * A comment pushed over the live event stream arrives well within this; the fallback poll (only while
 * the stream is down) waits 15 s, so arriving sooner shows the push.
 */
const LIVE = { timeout: 10_000 };

const cueText = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Text of cue ${number}`, exact: true });

/** Marks the page, so a later check tells it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
const stillTheSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('a comment made by a teammate or through a review link reaches the open editor live, and the link opens nothing else', async ({
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
  await markPage(page);

  // The teammate, in a browser of their own, reviews the video and answers; the owner's editor shows
  // the answer and the resolution as they happen, without being reloaded.
  const teammateContext = await browser.newContext();
  const other = await teammateContext.newPage();
  await signIn(other, teammate);
  await other.goto(`/videos/${videoId}/review`);
  await expect(other.getByRole('table', { name: 'Cues under review' })).toContainText('World');
  const seen = other.getByRole('region', { name: 'Comments' });
  await expect(seen.getByRole('list', { name: 'Open comments' })).toContainText(
    'Is "World" the right word here?',
  );
  await seen.getByRole('button', { name: 'Cue 2' }).click();
  await seen.getByRole('textbox', { name: 'Comment on cue 2' }).fill('Yes, it is.');
  await seen.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(open).toContainText('Yes, it is.', LIVE);
  await seen.getByRole('button', { name: /^Resolve the comment .*right word/ }).click();
  await expect(seen).toContainText('1 open, 1 resolved');
  await expect(comments).toContainText('1 open, 1 resolved', LIVE);
  await teammateContext.close();

  // A review link, opened by someone without an account: the subtitles and the open comments, a
  // comment under a name, and nothing that edits, burns or downloads.
  await comments.getByRole('button', { name: 'Review link' }).click();
  const link = await comments.getByRole('textbox', { name: 'Review link to share' }).inputValue();
  expect(link).toMatch(/\/review\/[a-z2-7]{32}$/);
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByRole('table', { name: 'Cues under review' })).toContainText('World');
  const guestComments = guest.getByRole('region', { name: 'Comments' });
  await expect(guestComments.getByRole('list', { name: 'Open comments' })).toContainText('Yes, it is.');
  await expect(guest.getByRole('textbox', { name: /^Text of cue/ })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /Resolve|Review link|Save|Burn|Download/ })).toHaveCount(0);
  await expect(guest.locator('video')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Cue 1' }).click();
  await guestComments.getByRole('textbox', { name: 'Your name' }).fill('Client Anna');
  await guestComments.getByRole('textbox', { name: 'Comment on cue 1' }).fill('Please say Hello, not Hi.');
  await guestComments.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(guestComments).toContainText('Client Anna (review link): Please say Hello, not Hi.');
  await expect(open).toContainText('Client Anna (review link): Please say Hello, not Hi.', LIVE);
  expect(await stillTheSamePage(page)).toBe(true);

  // The owner withdraws the link before its 7 days end: the guest's next visit opens nothing.
  const liveLinks = comments.getByRole('list', { name: 'Live review links' });
  await expect(liveLinks.getByRole('listitem')).toHaveCount(1);
  await liveLinks.getByRole('button', { name: /^Withdraw the link made / }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw review link' });
  await expect(dialog).toContainText('will no longer be able to read the subtitles or comment');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(liveLinks).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByText(COMMENT_TEXTS.linkGone)).toBeVisible();
  await expect(guest.getByRole('table', { name: 'Cues under review' })).toHaveCount(0);
  await expect(guest.getByText('Please say Hello, not Hi.')).toHaveCount(0);
  await guestContext.close();
});
