import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCEPTED_AUDIO_TYPES_TEXT, AUDIO_ONLY_TEXTS } from '../../shared/schemas/input-formats';
import { speechSampleWav } from '../support/fixtures';
import { createCompanyUser, signIn } from './support/accounts';
import { chooseFile } from './support/upload-form';

/** The 11-second test speech as an MP3, the way a recorder or a podcast app hands it over. */
function speechMp3(): string {
  const folder = path.join(os.tmpdir(), 'subtitling-e2e-clips');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'interview.mp3');
  if (!existsSync(file))
    execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      ...['-v', 'error', '-y', '-i', speechSampleWav(), '-c:a', 'libmp3lame', '-b:a', '64k', file],
    ]);
  return file;
}

test('an MP3 in generate mode gets subtitles, with the video column not applicable', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  // The form says it takes audio alone.
  await expect(page.getByText(ACCEPTED_AUDIO_TYPES_TEXT, { exact: false })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Subtitle style' })).toBeVisible();
  await chooseFile(page, /^Video \(MP4\) or audio/, speechMp3());
  // Audio alone has no picture: no look of burned subtitles to choose.
  await expect(page.getByRole('radiogroup', { name: 'Subtitle style' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Output language' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/videos$/, { timeout: 10_000 });

  const row = page.locator('tbody tr').filter({ hasText: 'interview.mp3' }).first();
  const srt = row.getByRole('button', { name: 'Download SRT of interview.mp3' });
  await expect(srt).toBeVisible({ timeout: 90_000 });
  const videoCell = row.locator('td[data-label="Download Hardcoded Video"]');
  await expect(videoCell).toContainText('—');
  await expect(videoCell.getByText(AUDIO_ONLY_TEXTS.noVideo)).toBeAttached();
  await expect(videoCell.getByRole('button')).toHaveCount(0);
  await expect(videoCell.getByRole('status')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await srt.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('interview.srt');
  expect(readFileSync(await file.path(), 'utf8')).toContain('ask not what your country');

  // The editor opens on the waveform and the cues, with no picture and nothing to burn.
  await row.getByRole('link', { name: 'Edit subtitles' }).click();
  await expect(page.getByText(AUDIO_ONLY_TEXTS.editorNoPicture)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Save as new version' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and burn in' })).toHaveCount(0);
  // The sound itself loads and plays for timing, with no picture shown.
  const sound = page.locator('video');
  await expect(sound).toBeHidden();
  await expect
    .poll(() => sound.evaluate((media: HTMLVideoElement) => media.duration), { timeout: 20_000 })
    .toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Play / pause' }).click();
  await expect
    .poll(() => sound.evaluate((media: HTMLVideoElement) => media.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
});
