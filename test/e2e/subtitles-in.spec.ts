import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SUBTITLE_IN_TEXTS } from '../../shared/schemas/subtitles-in';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip } from './support/media';
import { chooseFile } from './support/upload-form';
import { waitForBurnIn } from './support/videos';

/** Issue 22: the hardcode form and the edited-subtitles control take WebVTT and ASS beside SRT. */
function subtitleFile(name: string, content: string): string {
  const folder = path.join(os.tmpdir(), 'subtitling-e2e-subtitles-in');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
}

test('a WebVTT file goes through the hardcode form, and an ASS file makes a revision', async ({
  page,
  request,
}) => {
  // Two burn-ins, each queued behind whatever the suite's earlier tests left to the one worker.
  test.setTimeout(300_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await expect(page.getByText(SUBTITLE_IN_TEXTS.help)).toBeVisible();
  await chooseFile(page, /^Video \(MP4\)/, makeClip(4));

  // A broken WebVTT is listed by line in the browser, as an SRT is.
  await chooseFile(
    page,
    /^Subtitles \(/,
    subtitleFile('broken.vtt', 'WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nComma\n'),
  );
  const problems = page.getByRole('alert', { name: 'Upload problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Line 3: start time "00:00:01,000" is not a valid WebVTT time (expected HH:MM:SS.mmm)',
  ]);

  await chooseFile(
    page,
    /^Subtitles \(/,
    subtitleFile('talk.vtt', 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ana>Hello from WebVTT</v>\n'),
  );
  await expect(problems).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });

  const listed = await (await page.request.get('/api/upload-logs/my-company-videos-desc')).json();
  const videoId = listed.data[0].id as number;
  // Burned before My Videos opens: how the list follows a video finishing while it loads is
  // test/e2e/videos.spec.ts's subject, not this test's.
  await waitForBurnIn(page, videoId);
  await page.goto('/videos');
  const row = page.locator('tbody tr').filter({ hasText: 'clip-4s.mp4' });
  await expect(row.getByRole('button', { name: 'Download hardcoded video of clip-4s.mp4' })).toBeVisible();
  const first = await (await page.request.get(`/api/srts?filters[video_id]=${videoId}`)).json();
  expect(first.data[0].attributes.srt_content).toBe('1\n00:00:00,000 --> 00:00:02,000\nHello from WebVTT\n');

  // The edited-subtitles control takes an ASS file; its styling gives way to the video's style, its place stays.
  await chooseFile(page, 'Edited SRT for clip-4s.mp4', subtitleFile('notes.txt', 'not subtitles'));
  await expect(row.getByRole('alert')).toHaveText(SUBTITLE_IN_TEXTS.editedSubtitleType);
  const ass = '[Events]\nDialogue: 0,0:00:00.50,0:00:03.00,Default,,0,0,0,,{\\an8\\b1}Edited\\Nin ASS\n';
  await chooseFile(page, 'Edited SRT for clip-4s.mp4', subtitleFile('edited.ass', ass));
  await expect(row.getByRole('alert')).toHaveCount(0);
  await row.getByRole('button', { name: 'Upload edited SRT for clip-4s.mp4' }).click();
  await page
    .getByRole('dialog', { name: 'Use a free revision?' })
    .getByRole('button', { name: 'Upload' })
    .click();
  await expect(row).toContainText('1 / 2');
  const edited = await (await page.request.get(`/api/srts?filters[video_id]=${videoId}`)).json();
  // Its \an8 is kept as the cue's place (issue 36), never as text.
  expect(edited.data[0].attributes.srt_content).toBe(
    '1\n00:00:00,500 --> 00:00:03,000\n{\\an8}Edited\nin ASS\n',
  );
  await expect(row.getByRole('button', { name: 'Download hardcoded video of clip-4s.mp4' })).toBeVisible({
    timeout: 120_000,
  });
});
