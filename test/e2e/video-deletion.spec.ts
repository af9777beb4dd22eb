import fs from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';

const expect = baseExpect.configure({ timeout: 15_000 });

/** A hardcode upload through the legacy REST path with the browser's session. */
async function upload(page: Page, clip: string, srt: string, title: string) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title,
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await fs.readFile(clip) },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: await fs.readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('deletes a video from My Videos after a confirmation that names it; its download is refused from then on', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const clip = makeClip(4);
  const srt = makeSrt('deletion.srt', ['Private words']);
  const keptId = await upload(page, clip, srt, 'Kept talk');
  const videoId = await upload(page, clip, srt, 'Secret talk');
  await page.goto('/videos');
  const row = page.locator(`tbody tr[data-video-id="${videoId}"]`);
  await expect(row.getByRole('button', { name: /^Download hardcoded video of/ })).toBeVisible({
    timeout: 60_000,
  });

  // A download link handed out before the deletion.
  const linkAnswer = await page.request.get(
    `/api/download-hardcoded-url?id=${videoId}&video_name=secret.mp4`,
  );
  expect(linkAnswer.status()).toBe(200);
  const link = new URL(((await linkAnswer.json()) as { presignedUrl: string }).presignedUrl).pathname;
  expect((await page.request.get(link)).status()).toBe(200);

  await row.getByRole('button', { name: 'Delete Secret talk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete video' });
  await expect(dialog).toContainText('Delete "Secret talk"?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('"Secret talk" was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.locator(`tbody tr[data-video-id="${keptId}"]`)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);

  expect((await page.request.get(link)).status()).toBe(404);
  expect(
    (await page.request.get(`/api/download-hardcoded-url?id=${videoId}&video_name=x.mp4`)).status(),
  ).toBe(404);
  expect((await page.request.get(`/api/srts?filters[video_id]=${videoId}`)).status()).toBe(404);
});
