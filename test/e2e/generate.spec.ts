import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { translatingBaseUrl } from '../../playwright.config';
import { createCompanyUser, signIn } from './support/accounts';
import { makeSpeechClip } from './support/media';
import { chooseFile } from './support/upload-form';

interface Cue {
  start: string;
  end: string;
  text: string;
}

function cuesOf(srt: string): Cue[] {
  return srt
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const [, times = '', ...text] = block.split('\n');
      const [start = '', end = ''] = times.split(' --> ');
      return { start, end, text: text.join(' ') };
    });
}

async function generate(page: Page, outputLanguage: string) {
  await page.goto('/');
  await chooseFile(page, /^Video \(MP4\)/, makeSpeechClip());
  await page.getByRole('combobox', { name: 'Output language' }).click();
  await page.getByRole('option', { name: outputLanguage, exact: true }).click();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/videos$/, { timeout: 10_000 });
}

/** Downloads the newest video's SRT from My Videos once both statuses are done. */
async function downloadNewestSrt(page: Page): Promise<Cue[]> {
  const row = page.locator('tbody tr').filter({ hasText: 'speech-sample.mp4' }).first();
  await expect(
    row.getByRole('button', { name: 'Download hardcoded video of speech-sample.mp4' }),
  ).toBeVisible({
    timeout: 90_000,
  });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download SRT of speech-sample.mp4' }).click();
  return cuesOf(readFileSync(await (await download).path(), 'utf8'));
}

test('generate mode turns speech into timed subtitles and a hardcoded video', async ({ page, request }) => {
  test.setTimeout(150_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await generate(page, 'English');
  const cues = await downloadNewestSrt(page);
  const text = cues.map((cue) => cue.text).join(' ');
  expect(text).toContain('ask not what your country can do for you');
  for (const cue of cues) {
    expect(cue.start >= '00:00:00,000' && cue.end <= '00:00:11,500', `${cue.start} --> ${cue.end}`).toBe(
      true,
    );
  }
  const row = page.locator('tbody tr').filter({ hasText: 'speech-sample.mp4' }).first();
  const video = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download hardcoded video of speech-sample.mp4' }).click();
  expect((await video).suggestedFilename()).toBe('speech-sample_subtitled.mp4');
});

test.describe('with a text translator', () => {
  test.use({ baseURL: translatingBaseUrl });

  test('German subtitles keep one translated cue per spoken cue, with its timing', async ({
    page,
    request,
  }) => {
    test.setTimeout(200_000);
    const user = await createCompanyUser(request, { credits: 5 });
    await signIn(page, user);
    await generate(page, 'English');
    const english = await downloadNewestSrt(page);
    await generate(page, 'German');
    const german = await downloadNewestSrt(page);
    expect(german).toHaveLength(english.length);
    german.forEach((cue, index) => {
      expect(cue.text.startsWith('[de]'), cue.text).toBe(true);
      expect([cue.start, cue.end]).toEqual([english[index]?.start, english[index]?.end]);
    });
  });
});
