import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { burnedThird, changedShare, uploadVideo, waitForBurnIn } from './support/editor-video';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const cueText = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Text of cue ${number}`, exact: true });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Draft saved|Unsaved|Saving/ });

test('Ctrl+I makes the selected text italic and Top places a cue at the top, in the saved subtitles and the burned frame', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, await createCompanyUser(request, { credits: 5 }));
  const videoId = await uploadVideo(page, ['Hello world', 'Up here', 'Again']);
  await waitForBurnIn(page, videoId);
  const bottomBefore = await burnedThird(page, videoId, 0.5, 'bottom');
  const topBefore = await burnedThird(page, videoId, 1.5, 'top');
  const lowBefore = await burnedThird(page, videoId, 1.5, 'bottom');

  await page.goto(`/videos/${videoId}/edit`);
  const first = cueText(page, 1);
  await expect(first).toHaveText('Hello world');
  // "world" selected with the keyboard, then Ctrl+I: drawn in italics, no tag in sight.
  await first.click();
  await page.keyboard.press('End');
  for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+i');
  await expect(first.locator('i')).toHaveText('world');
  await expect(first).toHaveText('Hello world');
  // One step of the history: undone and redone.
  await page.keyboard.press('Control+z');
  await expect(first.locator('i')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(first.locator('i')).toHaveText('world');
  // Typing inside the italic word stays italic.
  await page.keyboard.press('End');
  await page.keyboard.type('s');
  await expect(first.locator('i')).toHaveText('worlds');
  // The bold button with no selection in the field formats the whole cue.
  await cueText(page, 3).click();
  await page.getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
  await expect(cueText(page, 3).locator('b')).toHaveText('Again');

  const top = page.getByRole('button', { name: 'Show cue 2 at the top' });
  await top.click();
  await expect(top).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('listitem', { name: /^Cue 2, .* at the top/ })).toBeVisible();
  await expect(status(page)).toHaveText('Draft saved');

  await page.getByRole('button', { name: 'Save and burn in' }).click();
  await page
    .getByRole('dialog', { name: 'Save and burn in' })
    .getByRole('button', { name: 'Save and burn in' })
    .click();
  await expect(page).toHaveURL(/\/videos$/);
  await waitForBurnIn(page, videoId);

  // The stored subtitles keep SRT's tags and the position tag.
  const srts = await page.request.get(`/api/srts?filters[video_id]=${videoId}`);
  const saved = JSON.stringify(await srts.json());
  expect(saved).toContain('Hello <i>worlds</i>');
  expect(saved).toContain('{\\\\an8}Up here');
  expect(saved).toContain('<b>Again</b>');
  // The burned frame draws the italic word (the text changed) and cue 2 at the top, not at the bottom.
  expect(changedShare(bottomBefore, await burnedThird(page, videoId, 0.5, 'bottom'))).toBeGreaterThan(0.002);
  expect(changedShare(topBefore, await burnedThird(page, videoId, 1.5, 'top'))).toBeGreaterThan(0.002);
  expect(changedShare(lowBefore, await burnedThird(page, videoId, 1.5, 'bottom'))).toBeGreaterThan(0.002);
});

test('find and replace as in a text editor: match case, regular expressions, next and previous, in the selected cue', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await createCompanyUser(request, { credits: 5 }));
  const videoId = await uploadVideo(page, ['The cat', 'the dog', 'Catalogue', 'the end']);
  await waitForBurnIn(page, videoId);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 1)).toHaveText('The cat');
  const selectedRow = page.locator('li[data-selected]');

  await page.locator('body').click();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  const said = page.getByRole('status').filter({ hasText: /Match|No match|replaced/ });
  await find.fill('the');
  await find.press('Enter');
  await expect(said).toHaveText('Match 1 of 3, in cue 1');
  await find.press('Enter');
  await expect(said).toHaveText('Match 2 of 3, in cue 2');
  await expect(selectedRow).toHaveAttribute('aria-label', /^Cue 2,/);
  await find.press('Shift+Enter');
  await expect(said).toHaveText('Match 1 of 3, in cue 1');
  await page.keyboard.press('F3');
  await expect(said).toHaveText('Match 2 of 3, in cue 2');

  // Match case: "The" of cue 1 alone.
  await page.getByRole('checkbox', { name: 'Match case' }).check();
  await find.fill('The');
  await find.press('Enter');
  await expect(said).toHaveText('Match 1 of 1, in cue 1');
  await page.getByRole('checkbox', { name: 'Match case' }).uncheck();

  // A regular expression that is not one is said in the field, and nothing breaks.
  await page.getByRole('checkbox', { name: 'Regular expression' }).check();
  await find.fill('cat(');
  await expect(find).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Not a valid regular expression/)).toBeVisible();
  await find.fill('cat\\w+');
  await find.press('Enter');
  await expect(said).toHaveText('Match 1 of 1, in cue 3');
  await expect(selectedRow).toHaveAttribute('aria-label', /^Cue 3,/);
  await page.getByRole('textbox', { name: 'Replace with' }).fill('Index');
  await page.getByRole('button', { name: 'Replace all' }).click();
  await expect(said).toHaveText('1 replaced');
  await expect(cueText(page, 3)).toHaveText('Index');

  // Replace in the selected cue only (the match's cue): the others keep theirs.
  await page.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
  await find.fill('the');
  await find.press('Enter');
  await expect(said).toHaveText('Match 3 of 3, in cue 4');
  await page.getByRole('textbox', { name: 'Replace with' }).fill('A');
  await page.getByRole('checkbox', { name: 'Only in the selected cue' }).check();
  await page.getByRole('button', { name: 'Replace all' }).click();
  await expect(said).toHaveText('1 replaced');
  await page.keyboard.press('Escape');
  await expect(cueText(page, 4)).toHaveText('A end');
  await expect(cueText(page, 1)).toHaveText('The cat');
  await expect(cueText(page, 2)).toHaveText('the dog');
});
