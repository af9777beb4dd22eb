import { expect, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';
import { chooseFile, throttleUploads } from './support/upload-form';

test('an upload cut off by a reload is offered again and resumed where it stopped, charged once', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const video = makeClip(20);
  const srt = makeSrt('resumed.srt', ['Sent in two goes', 'Charged once']);
  const chooseFiles = async () => {
    await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
    await chooseFile(page, /^Video \(MP4\)/, video);
    await chooseFile(page, /^Subtitles \(/, srt);
  };
  await page.goto('/');
  await chooseFiles();
  // Hotel Wi-Fi: slow enough that the page is reloaded (the connection dropped) part-way through.
  await throttleUploads(page, 150_000);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(15);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();

  await throttleUploads(page, -1);
  const offsets: number[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().includes('/api/videos/uploads/tus/'))
      offsets.push(Number(sent.headers()['upload-offset']));
  });
  await chooseFiles();
  const offer = page.getByRole('status', { name: 'Unfinished upload' });
  await expect(offer).toContainText(/An earlier upload of this file stopped at \d+%/);
  await offer.getByRole('button', { name: 'Resume upload' }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  // Only the rest was sent: the first PATCH after the reload started past the bytes the server held.
  expect(offsets[0]).toBeGreaterThan(0);

  await page.goto('/videos');
  const rows = page.getByRole('table', { name: 'My videos' }).getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('clip-20s.mp4');
  const company = await (await page.request.get('/api/company/my')).json();
  expect(company.data[0].attributes.credits).toBeLessThan(5);
  expect(company.data[0].attributes.credits).toBeGreaterThan(4);
});
