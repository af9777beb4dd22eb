import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FORM_TYPE_TEXTS } from '../../shared/schemas/input-formats';
import { SUBTITLE_IN_TEXTS } from '../../shared/schemas/subtitles-in';
import { UPLOAD_MESSAGES } from '../../shared/schemas/videos';
import { createCompanyUser, signIn } from './support/accounts';
import { confirmAddress } from './support/mail';
import { makeClip, makeSrt } from './support/media';
import { chooseFile, throttleUploads } from './support/upload-form';

function scratchFile(name: string, content: string): string {
  const file = path.join(os.tmpdir(), `subtitling-e2e-${process.pid}-${name}`);
  writeFileSync(file, content);
  return file;
}

test('the hardcode form lists the validation messages of PRODUCT.md §5', async ({ page, request }) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const problems = page.getByRole('alert', { name: 'Upload problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    UPLOAD_MESSAGES.mp4Required,
    UPLOAD_MESSAGES.srtRequired,
  ]);

  await chooseFile(page, /^Video \(MP4\)/, scratchFile('notes.txt', 'not a video'));
  await chooseFile(
    page,
    /^Subtitles \(/,
    scratchFile('subtitles.txt', '1\n00:00:00,000 --> 00:00:01,000\nHi\n'),
  );
  await expect(problems.getByRole('listitem')).toHaveText([
    FORM_TYPE_TEXTS.video,
    SUBTITLE_IN_TEXTS.subtitleType,
  ]);

  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(page, /^Subtitles \(/, scratchFile('empty.srt', ''));
  await expect(problems.getByRole('listitem')).toHaveText([UPLOAD_MESSAGES.srtEmpty]);
});

test('subtitles that start after the video ends are named in a warning', async ({ page, request }) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(
    page,
    /^Subtitles \(/,
    scratchFile(
      'too-long.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nShown 𓀀\n\n2\n00:00:09,000 --> 00:00:10,000\nLate\n\n3\n00:00:12,000 --> 00:00:13,000\nLater\n',
    ),
  );
  const pastEnd = 'Subtitles 2 and 3 start after the video ends (at 0:04) and will not be shown.';
  await expect(page.getByRole('status').filter({ hasText: 'after the video ends' })).toHaveText(pastEnd);

  // Sent anyway: the server's answer says it again, with the character no font draws (issue 35).
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert', { name: 'About the subtitle file' }).getByRole('listitem')).toHaveText(
    [
      'This character has no font to draw it and will show as an empty box in the video: "𓀀" (U+13000) in subtitle 1.',
      pastEnd,
    ],
  );
});

test('a broken SRT is listed line by line in the browser, and no byte of the video is sent', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (/\/api\/(upload-log|videos\/upload)/.test(sent.url())) uploads.push(sent.url());
  });
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  const brokenCues = [
    '2',
    '00:00:05,000 --> 00:00:04,000',
    'Backwards',
    '',
    '3',
    '00:00:07,000 => 00:00:08,000',
    'Arrow',
    '',
  ];
  // Nothing usable: refused, naming the line, and nothing is sent.
  await chooseFile(page, /^Subtitles \(/, scratchFile('broken.srt', brokenCues.join('\n')));
  const problems = page.getByRole('alert', { name: 'Upload problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Line 2: end time 00:00:04,000 is before start time 00:00:05,000',
  ]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  expect(uploads).toEqual([]);

  // A good cue among broken ones (issue 36): taken, and what is left out is listed by line before upload.
  const partly = ['1', '00:00:01,000 --> 00:00:02,000', 'Fine', '', ...brokenCues].join('\n');
  await chooseFile(page, /^Subtitles \(/, scratchFile('partly.srt', partly));
  const notes = page.getByRole('alert', { name: 'About the subtitle file' });
  await expect(notes.getByRole('listitem')).toHaveText([
    'Line 6: end time 00:00:04,000 is before start time 00:00:05,000; the subtitle was left out',
    'Line 10: "00:00:07,000 => 00:00:08,000" needs " --> " between the start and end times; the subtitle was left out',
  ]);
  await expect(problems).toHaveCount(0);

  await chooseFile(page, /^Subtitles \(/, makeSrt('fixed.srt', ['Fine', 'Forwards']));
  await expect(problems).toHaveCount(0);
  await expect(notes).toHaveCount(0);
});

test('the upload overlay shows size, speed and time left, and Cancel stops it, charging nothing', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(20));
  await chooseFile(page, /^Subtitles \(/, makeSrt('short.srt', ['Hello', 'World']));
  await throttleUploads(page, 20_000);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByLabel('Upload speed')).toHaveText(
    /^[\d.]+ [kM]?B of [\d.]+ [kM]?B · [\d.]+ kB\/s · about \d+ (s|min) left$/,
    {
      timeout: 10_000,
    },
  );
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText('Loading... Stay on this page until the file is uploaded')).toHaveCount(0);
  await expect(page.getByRole('alert', { name: 'Upload problems' })).toContainText(
    'The upload was cancelled.',
  );
  await page.goto('/videos');
  await expect(page.getByText('Videos found: 0')).toBeVisible();
  const company = await (await page.request.get('/api/company/my')).json();
  expect(company.data[0].attributes.credits).toBe(5);
});

test('a visitor who submits an upload is sent to the login page, and finds the upload after it', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(page, /^Subtitles \(/, makeSrt('short.srt', ['Hello', 'World']));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Chosen before logging in');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  const user = await createCompanyUser(request, { credits: 5 });
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/video\/upload$/);
  await expect(
    page.getByText('Your upload is ready again: check the details and press Upload.'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Upload Your Own Subtitles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Chosen before logging in',
  );
  await expect(page.getByRole('button', { name: /^Video \(MP4\)/ })).toContainText('clip-4s.mp4');
  await expect(page.getByRole('button', { name: /^Subtitles \(/ })).toContainText('short.srt');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => localStorage.clear());

  // Generate mode too, even before anything is chosen.
  await page.goto('/');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('generate mode remembers its choices and keeps them through a credit top-up', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 0 });
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Automatic Professional Subtitles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const plan = page.getByRole('combobox', { name: 'Reading speed' });
  await expect(plan).toHaveValue('No Compression');
  await expect(page.getByRole('combobox', { name: 'Input language' })).toHaveValue('English');
  await expect(page.getByRole('combobox', { name: 'Output language' })).toHaveValue('English');
  await plan.click();
  for (const name of ['No Compression', 'Minimal (recommended)', 'Moderate', 'Maximum']) {
    await expect(
      page.getByRole('option', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }),
    ).toBeVisible();
  }
  await page.getByRole('option', { name: /^Minimal \(recommended\)/ }).click();
  await page.getByRole('combobox', { name: 'Input language' }).click();
  await page.getByRole('option', { name: 'German' }).click();
  await page.getByRole('combobox', { name: 'Output language' }).click();
  // The e2e server has no translator: languages it cannot reach from German are marked.
  await expect(page.getByRole('option', { name: 'Japanese (not available yet)' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('option', { name: 'German' }).click();
  expect(
    await page.evaluate(() =>
      ['selectedPlan', 'selectedInLan', 'selectedOutLan'].map((key) => localStorage.getItem(key)),
    ),
  ).toEqual(['20', 'de', 'de']);

  // The choices are remembered for the next visit.
  await page.reload();
  await expect(plan).toHaveValue('Minimal (recommended)');
  await expect(page.getByRole('combobox', { name: 'Input language' })).toHaveValue('German');
  await expect(page.getByRole('combobox', { name: 'Output language' })).toHaveValue('German');

  // Without credit the form is saved with its plan and languages, and comes back on /video/upload.
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Generated subtitles');
  await expect(page.getByText('1 minute × €0.10 = €0.10')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/balance$/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('uploadData') ?? 'null'));
  expect(saved).toEqual({
    mode: 'generate',
    title: 'Generated subtitles',
    description: '',
    plan: '20',
    inLan: 'de',
    outLan: 'de',
  });
  await page.goto('/video/upload');
  await expect(page.getByRole('tab', { name: 'Automatic Professional Subtitles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Generated subtitles');
  await expect(plan).toHaveValue('Minimal (recommended)');
  await expect(page.getByRole('button', { name: /^Video \(MP4\)/ })).toContainText('clip-4s.mp4');
});

test('too little credit: buy the missing euros, come back to the restored upload and send it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 0 });
  await signIn(page, user);
  // Buying needs a confirmed address (the e2e server sends mail).
  await confirmAddress(page, user.email);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));
  await chooseFile(page, /^Subtitles \(/, makeSrt('short.srt', ['Hello', 'World']));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Holiday clip');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Saved while buying');
  await expect(page.getByText('1 minute × €0.10 = €0.10')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // The missing €0.10 is prefilled, raised to the smallest purchase the payment provider takes.
  await expect(page).toHaveURL(/\/balance$/);
  await expect(page.getByLabel('Amount (€)')).toHaveValue('0.5');
  await expect(page.getByRole('status').filter({ hasText: 'Your upload is waiting' })).toContainText(
    '€0.10 is missing to pay for it.',
  );
  await expect(page.getByText('(Extra euros needed have been prefilled)')).toBeVisible();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('uploadData') ?? 'null'));
  expect(saved).toMatchObject({ mode: 'hardcode', title: 'Holiday clip', description: 'Saved while buying' });

  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/\/video\/upload$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Upload Your Own Subtitles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Holiday clip');
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Saved while buying',
  );
  await expect(page.getByRole('button', { name: /^Video \(MP4\)/ })).toContainText('clip-4s.mp4');
  await expect(page.getByRole('button', { name: /^Subtitles \(/ })).toContainText('short.srt');

  // The balance screen resumed the upload only once the late webhook had credited the euros.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/videos$/, { timeout: 10_000 });
  await expect(page.locator('tbody tr').filter({ hasText: 'clip-4s.mp4' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('uploadData'))).toBeNull();
});

test('the demo carousel moves with arrows, dots and keys and wraps around; its posters start no video', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Demo videos' });
  const slide = (name: RegExp) => carousel.getByRole('group', { name });
  await expect(slide(/^1 of 2/)).toBeVisible();
  await expect(slide(/^2 of 2/)).toHaveCount(0); // hidden from assistive technology while off screen
  // Until an admin publishes a video (showcase.spec.ts), posters show, with no player to press.
  await expect(slide(/^1 of 2/).getByRole('img', { name: 'Product demo, English to Dutch' })).toBeVisible();
  await expect(carousel.locator('video')).toHaveCount(0);

  await carousel.getByRole('button', { name: 'Next video' }).click();
  await expect(slide(/^2 of 2/)).toBeVisible();
  await expect(carousel.getByRole('button', { name: /^Show video 2/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await carousel.getByRole('button', { name: 'Next video' }).click();
  await expect(slide(/^1 of 2/)).toBeVisible();
  await carousel.getByRole('button', { name: 'Previous video' }).click();
  await expect(slide(/^2 of 2/)).toBeVisible();
  await carousel.getByRole('button', { name: /^Show video 1/ }).click();
  await expect(slide(/^1 of 2/)).toBeVisible();
  await carousel.getByRole('button', { name: /^Show video 1/ }).press('ArrowLeft');
  await expect(slide(/^2 of 2/)).toBeVisible();
});
