import fs from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';
import { uploadHardcodeVideo, waitForBurnIn } from './support/videos';

const expect = baseExpect.configure({ timeout: 15_000 });

test('downloads the company ZIP from My Account › Company data and sets how long videos are kept', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadHardcodeVideo(page, {
    clip: makeClip(4),
    srt: makeSrt('export.srt', ['Words for the archive']),
    title: 'Archive talk',
  });
  // Burned before the page opens: a video finishing on screen announces itself in a toast over the
  // account menu (noted for the client), and this test's subject is the export.
  await waitForBurnIn(page, videoId);

  await page.goto('/');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Company data' }).click();
  await expect(page.getByRole('heading', { name: 'Company data', level: 1 })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^company-${user.companyId}-export-.*\\.zip$`));
  const files = unzipSync(new Uint8Array(await fs.readFile((await download.path()) ?? '')));
  const names = Object.keys(files);
  expect(names).toContain('ledger.csv');
  expect(names).toContain('videos.csv');
  const srtName = names.find((name) => name.startsWith('subtitles/') && name.endsWith('.srt')) ?? '';
  expect(strFromU8(files[srtName] ?? new Uint8Array())).toContain('Words for the archive');
  expect(strFromU8(files['ledger.csv'] ?? new Uint8Array())).toContain('charge');

  await expect(page.getByText('Videos are kept until someone deletes them.')).toBeVisible();
  await page.getByRole('radio', { name: 'For a number of days after upload' }).check();
  await page.getByRole('textbox', { name: 'Days to keep' }).fill('30');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('Retention saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Videos are deleted 30 days after upload', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Days to keep' })).toHaveValue('30');
});
