import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';
import { chooseFile } from './support/upload-form';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const TITLE = 'Styled film';

async function video(page: Page) {
  const response = await page.request.get('/api/upload-logs/my-company-videos-desc?page=1&pageSize=10');
  const body = (await response.json()) as { data: { id: number; attributes: Record<string, unknown> }[] };
  return body.data.find((row) => row.attributes.title === TITLE);
}

/** The burn-in's own ASS for the video: its style line's fields. */
async function styleFields(page: Page, videoId: number): Promise<string[]> {
  const response = await page.request.get(`/api/subtitle-file?id=${videoId}&format=ass`);
  const line = (await response.text()).split('\n').find((text) => text.startsWith('Style: ')) ?? '';
  return line.slice('Style: '.length).split(',');
}

async function waitForBurnIn(page: Page) {
  await expect
    .poll(async () => (await video(page))?.attributes.hardcoded_status, { timeout: 90_000 })
    .toBe('completed');
}

test('a style chosen on upload is burned in, and the editor re-burns the video in another', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(page, /^Subtitles \(/, makeSrt('styled.srt', ['Hello', 'World']));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);

  // The company's default comes first; the user picks another.
  const styles = page.getByRole('radiogroup', { name: 'Subtitle style' });
  await expect(styles.getByRole('radio', { name: 'Broadcast' })).toBeChecked();
  await styles.getByRole('radio', { name: 'Yellow' }).click();
  await expect(styles.getByRole('radio', { name: 'Yellow' })).toBeChecked();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(async () => (await video(page))?.id, { timeout: 30_000 }).toBeGreaterThan(0);
  await waitForBurnIn(page);
  const videoId = (await video(page))?.id ?? 0;
  // Yellow text (ASS colours are &HAABBGGRR): the burn-in's script is the one the download gives.
  expect((await styleFields(page, videoId))[3]).toBe('&H0000E8FF');

  await page.goto(`/videos/${videoId}/edit`);
  const select = page.getByRole('combobox', { name: 'Subtitle style' });
  await expect(select).toHaveValue('Yellow');
  await select.click();
  await page.getByRole('option', { name: 'Boxed' }).click();
  await page.getByRole('button', { name: 'Save and burn in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save and burn in' });
  await expect(dialog).toContainText('This uses 1 of your 2 free revisions');
  await expect(dialog).toContainText('in the Boxed style');
  await dialog.getByRole('button', { name: 'Save and burn in' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await waitForBurnIn(page);
  expect((await video(page))?.attributes.revisions).toBe(1);
  const boxed = await styleFields(page, videoId);
  // White text on a box (border style 3).
  expect(boxed[3]).toBe('&H00FFFFFF');
  expect(boxed[15]).toBe('3');
});

test("a company admin sets the company's default style on My Profile, and the upload form starts from it", async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/user/overview');
  const defaults = page.getByRole('radiogroup', { name: 'Default style' });
  await expect(defaults.getByRole('radio', { name: 'Broadcast' })).toBeChecked();
  await defaults.getByRole('radio', { name: 'Large' }).click();
  await page.getByRole('button', { name: 'Save default style' }).click();
  await expect(page.getByText('New uploads now get the Large style.')).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('radiogroup', { name: 'Subtitle style' }).getByRole('radio', { name: 'Large' }),
  ).toBeChecked();
});

test("a company admin makes the company's own style, sees it drawn by the renderer, and uploads get it", async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/user/overview');
  await page.getByRole('button', { name: 'Make your own style' }).click();
  const editor = page.getByRole('region', { name: 'Your own style' });
  await editor.getByRole('combobox', { name: 'Start from' }).click();
  await page.getByRole('option', { name: 'Yellow' }).click();
  // Mantine draws these controls over hidden inputs: a person clicks their labels.
  await editor.getByText('Top', { exact: true }).click();
  await expect(editor.getByRole('radio', { name: 'Top' })).toBeChecked();
  const bold = editor.getByRole('switch', { name: 'Bold' });
  await bold.focus();
  await page.keyboard.press('Space');
  await expect(bold).toBeChecked();
  const preview = editor.getByRole('img', { name: 'Your style, drawn as the burn-in draws it' });
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await editor.getByRole('button', { name: "Save as your company's style" }).click();
  await expect(page.getByText("New uploads now get your company's style.")).toBeVisible();
  await expect(
    page
      .getByRole('radiogroup', { name: 'Default style' })
      .getByRole('radio', { name: "Your company's style" }),
  ).toBeChecked();

  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  const styles = page.getByRole('radiogroup', { name: 'Subtitle style' });
  await expect(styles.getByRole('radio', { name: "Your company's style" })).toBeChecked();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(page, /^Subtitles \(/, makeSrt('own.srt', ['Our look']));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(async () => (await video(page))?.id, { timeout: 30_000 }).toBeGreaterThan(0);
  const fields = await styleFields(page, (await video(page))?.id ?? 0);
  // Yellow, bold (-1), at the top (alignment 8): the company's settings, in the burn-in's script.
  expect([fields[3], fields[7], fields[18]]).toEqual(['&H0000E8FF', '-1', '8']);
});
