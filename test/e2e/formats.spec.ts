import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Download, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { downloadFormat, openMoreFormats } from './support/formats-menu';
import { makeClip } from './support/media';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Two cues, a 3-second pause, a third: the transcript makes two paragraphs of them. */
const SRT = [
  '1\n00:00:00,000 --> 00:00:01,000\nTom & Jerry <3',
  '2\n00:00:01,000 --> 00:00:02,000\nsay hello.',
  '3\n00:00:05,000 --> 00:00:06,000\nAfter the pause.',
].join('\n\n');

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

/** A 6-second hardcode video through the REST path. */
async function uploadVideo(page: Page) {
  const clip = makeClip(6);
  const srt = path.join(os.tmpdir(), `formats-${Date.now()}.srt`);
  writeFileSync(srt, SRT);
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: 'Formats film',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: readFileSync(clip) },
      fileSub: { name: 'formats.srt', mimeType: 'application/x-subrip', buffer: readFileSync(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const pick = (page: Page, format: string) => downloadFormat(page, 'Formats film', format);

const textOf = async (download: Download) => readFileSync(await download.path(), 'utf8');

test('My Videos and the editor download the subtitles as WebVTT and as a transcript', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await uploadVideo(page);

  await page.goto('/videos');
  const row = page.locator('tbody tr').filter({ hasText: 'Formats film' });
  // The SRT link stays as it is; the other formats sit beside it.
  await expect(row.getByRole('button', { name: /^Download SRT of / })).toBeVisible({ timeout: 60_000 });
  const menu = await openMoreFormats(page, 'Formats film', row);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'WebVTT (.vtt)',
    'ASS (.ass)',
    'Transcript (.txt)',
    'Transcript with times (.txt)',
    'SRT and WebVTT, every language (.zip)',
    'Video with subtitle tracks (MKV)',
    'Video with subtitle tracks (MP4)',
  ]);
  await page.keyboard.press('Escape');

  const vtt = await pick(page, 'WebVTT (.vtt)');
  expect(vtt.suggestedFilename()).toBe('Formats film.en.vtt');
  expect(await textOf(vtt)).toBe(
    [
      'WEBVTT',
      '1\n00:00:00.000 --> 00:00:01.000\nTom &amp; Jerry &lt;3',
      '2\n00:00:01.000 --> 00:00:02.000\nsay hello.',
      '3\n00:00:05.000 --> 00:00:06.000\nAfter the pause.\n',
    ].join('\n\n'),
  );

  const transcript = await pick(page, 'Transcript (.txt)');
  expect(transcript.suggestedFilename()).toBe('Formats film.en.txt');
  expect(await textOf(transcript)).toBe('Tom & Jerry <3 say hello.\n\nAfter the pause.\n');

  const timed = await pick(page, 'Transcript with times (.txt)');
  expect(await textOf(timed)).toBe('[00:00:00] Tom & Jerry <3 say hello.\n\n[00:00:05] After the pause.\n');

  // The editor writes the text being edited in the same formats.
  await row.getByRole('link', { name: 'Edit subtitles' }).click();
  await expect(page.getByRole('button', { name: 'Download SRT' })).toBeVisible();
  // The SRT of the draft is named after the title, as every other download (issue 35).
  const draftSrt = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SRT' }).click();
  expect((await draftSrt).suggestedFilename()).toBe('Formats film.srt');
  const edited = await pick(page, 'Transcript (.txt)');
  expect(edited.suggestedFilename()).toBe('Formats film.en.txt');
  expect(await textOf(edited)).toBe('Tom & Jerry <3 say hello.\n\nAfter the pause.\n');
});
