import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { speechlessBaseUrl, speechlessModelFile } from '../../playwright.config';
import { TEST_MODEL_FILE } from '../fakes/model-server';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip } from './support/media';
import { chooseFile } from './support/upload-form';

const NOT_AVAILABLE =
  'Automatic subtitles are not available right now; the team has been told. You can already upload a video with your own subtitles.';

test.use({ baseURL: speechlessBaseUrl });

test('generate mode is closed, and charges nothing, until the speech model is in place', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toBeVisible();
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();

  // Posting anyway, past the form, is refused before anything is charged.
  const clip = makeClip(4);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const refused = await page.request.post('/api/upload-log', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      rso: 'full-text',
      in_lan: 'en',
      out_lan: 'en',
      file: { name: 'talk.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) },
    },
  });
  expect(refused.status()).toBe(503);
  expect((await refused.json()).error.message).toBe(NOT_AVAILABLE);
  const company = await (await page.request.get('/api/company/my')).json();
  expect(company.data[0].attributes.credits).toBe(5);

  // The hardcode tab stays open meanwhile.
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Automatic Professional Subtitles' }).click();

  mkdirSync(path.dirname(speechlessModelFile), { recursive: true });
  copyFileSync(TEST_MODEL_FILE, speechlessModelFile);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toHaveCount(0, {
    timeout: 15_000,
  });
  await chooseFile(page, /^Video \(MP4\)/, clip);
  await page.getByRole('combobox', { name: 'Output language' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
});
