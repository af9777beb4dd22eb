import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { llmBaseUrl, llmDataDir } from '../../playwright.config';
import { seriousViolations } from './support/accessibility';
import { createCompanyUser, signIn } from './support/accounts';
import { layoutProblems } from './support/layout';
import { makeClip, makeSrt } from './support/media';
import { csrfOf, uploadHardcodeVideo, waitForBurnIn } from './support/videos';

// This instance translates through a language model (the local fake of an OpenAI-compatible
// endpoint, which writes a French translation as "fr: …"), and has no Google key.
test.use({ baseURL: llmBaseUrl });
// Password hashing (Argon2id) and the burn-in are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

interface Stream {
  codec_type: string;
  tags?: Record<string, string>;
  disposition: { default: number };
}

const streamsOf = (file: string): Stream[] =>
  (
    JSON.parse(
      execFileSync(process.env.FFPROBE_PATH ?? 'ffprobe', [
        '-v',
        'error',
        '-show_streams',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as { streams: Stream[] }
  ).streams;

/** The container ffprobe reads a file as (`mov,mp4,m4a,3gp,3g2,mj2` for an MP4). */
const formatOf = (file: string): string =>
  (
    JSON.parse(
      execFileSync(process.env.FFPROBE_PATH ?? 'ffprobe', [
        ...['-v', 'error', '-show_format', '-of', 'json', file],
      ]).toString(),
    ) as { format: { format_name: string } }
  ).format.format_name;

/** How the video's French stands, as `videos.languages` answers the signed-in page. */
async function frenchBurn(page: Page, videoId: number) {
  const response = await page.request.get(
    `/trpc/videos.languages?input=${encodeURIComponent(JSON.stringify({ id: videoId }))}`,
  );
  const answer = (await response.json()) as {
    result: { data: { languages: { language: string; burnStatus: string | null }[] } };
  };
  return answer.result.data.languages.find((language) => language.language === 'fr')?.burnStatus;
}

/** The video's stored source overwritten with bytes that are no video, as a failing disk would leave it. */
async function spoilSource(videoId: number) {
  const client = new pg.Client({
    connectionString: (await readFile(path.join(llmDataDir, 'postgres.url'), 'utf8')).trim(),
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ source_key: string }>(
      'select source_key from videos where id = $1',
      [videoId],
    );
    const key = rows[0]?.source_key;
    if (!key) throw new Error(`video ${videoId} has no stored source`);
    await writeFile(path.join(llmDataDir, 'files', key), 'not a video any more');
  } finally {
    await client.end();
  }
}

/** The text of one subtitle track of a file, as SRT. */
const trackText = (file: string, track: number) =>
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', `0:s:${track}`, '-f', 'srt', '-'],
  ]).toString();

test('adds French to a finished video, edits it in the editor, and downloads both languages as tracks', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadHardcodeVideo(page, {
    clip: makeClip(4),
    srt: makeSrt('languages.srt', ['Good morning', 'Welcome home', 'See you']),
    title: 'Languages film',
  });
  await waitForBurnIn(page, videoId);

  // My Videos: the row's own language, and "Add a language" with its price.
  await page.goto('/videos');
  const row = page.locator(`tbody tr[data-video-id="${videoId}"]`);
  // The own SRT has no output language chosen: its own language is the one it is written in.
  await expect(row.getByText('English', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Add a language to / }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a language to Languages film' });
  await dialog.getByRole('combobox', { name: 'Language' }).click();
  await dialog.getByRole('option', { name: 'French', exact: true }).click();
  await expect(dialog.getByText(/^Price: €\d+\.\d\d/)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Burn in this language too' })).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add a language' }).click();
  await expect(dialog).toBeHidden();

  // The chip follows the translation live, to ready.
  await expect(row.getByRole('button', { name: /^French: French subtitles of / })).toBeVisible({
    timeout: 60_000,
  });

  // On a phone: the chips wrap in the row's card, the chip's menu is reached by keyboard.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/videos');
  await expect(row.getByRole('button', { name: /^French: French subtitles of / })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page)).toEqual([]);
  await row.getByRole('button', { name: /^French: French subtitles of / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit French subtitles' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Burn in this language \(€\d+\.\d\d\)$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto(`/videos/${videoId}/edit?language=fr`);
  await expect(page.getByRole('combobox', { name: 'Subtitle language' })).toHaveValue('French');
  await expect(page.getByRole('textbox', { name: 'Text of cue 1', exact: true })).toHaveText(/^fr: /);
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/videos');

  // "Burn in this language" from the chip's menu, at its price, confirmed in a dialog.
  const chip = row.getByRole('button', { name: /^French: French subtitles of / });
  await chip.click();
  await page.getByRole('menuitem', { name: /^Burn in this language \(€\d+\.\d\d\)$/ }).click();
  const burn = page.getByRole('dialog', { name: 'Burn in French' });
  await burn.getByRole('button', { name: /^Burn in French for €\d+\.\d\d$/ }).click();
  await expect(burn).toBeHidden();
  await expect.poll(() => frenchBurn(page, videoId), { timeout: 60_000 }).toBe('ready');

  // The editor: the own subtitles first, then French through the switcher.
  await row.getByRole('link', { name: 'Edit subtitles' }).click();
  const switcher = page.getByRole('combobox', { name: 'Subtitle language' });
  await expect(switcher).toHaveValue('English (the video’s own)');
  const firstCue = page.getByRole('textbox', { name: 'Text of cue 1', exact: true });
  await expect(firstCue).toHaveText('Good morning');
  await switcher.click();
  await page.getByRole('option', { name: 'French', exact: true }).click();
  await expect(page).toHaveURL(/\/videos\/\d+\/edit\?language=fr$/);
  await expect(firstCue).toHaveText(/^fr: /);

  // A correction, saved as the next French version: no revision, nothing burned.
  await firstCue.fill('Bonjour à tous');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Save as new version' }).click();
  const save = page.getByRole('dialog', { name: 'Save as new version' });
  await expect(save.getByText(/No revision is used and nothing is burned in/)).toBeVisible();
  await save.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(row.getByText('0 / 2')).toBeVisible();
  // The French burned video shows the subtitles before the correction: outdated, burned again on demand.
  await row.getByRole('button', { name: /^French: French subtitles of / }).click();
  await expect(page.getByText(/^Burned video is outdated/)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Burn in this language again \(€/ })).toBeVisible();
  // The French burned video downloads from the chip's menu: an MP4 with a picture, named with the language.
  const burnedDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download burned video' }).click();
  const burned = await burnedDownload;
  expect(burned.suggestedFilename()).toBe('Languages film_subtitled.fr.mp4');
  const burnedFile = await burned.path();
  expect(formatOf(burnedFile)).toContain('mp4');
  expect(streamsOf(burnedFile).map((stream) => stream.codec_type)).toContain('video');

  // The video with every language as a tagged track: English by default, then the corrected French.
  await row.getByRole('button', { name: 'More formats for Languages film' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Video with subtitle tracks (MKV)' }).click();
  const file = await (await download).path();
  const tracks = streamsOf(file).filter((stream) => stream.codec_type === 'subtitle');
  expect(tracks.map((track) => [track.tags?.language, track.disposition.default])).toEqual([
    ['eng', 1],
    ['fra', 0],
  ]);
  expect(trackText(file, 0)).toContain('Good morning');
  expect(trackText(file, 1)).toContain('Bonjour à tous');
});

test('a French burned video that fails says why in its chip’s menu, refunded, and can be bought again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadHardcodeVideo(page, {
    clip: makeClip(4),
    srt: makeSrt('burn-failure.srt', ['Good morning', 'See you']),
    title: 'Spoiled film',
  });
  await waitForBurnIn(page, videoId);
  const added = await page.request.post(`/api/videos/${videoId}/languages`, {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data: { language: 'fr' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/videos');
  const row = page.locator(`tbody tr[data-video-id="${videoId}"]`);
  const chip = row.getByRole('button', { name: /^French: French subtitles of / });
  await expect(chip).toBeVisible({ timeout: 60_000 });

  await spoilSource(videoId);
  await chip.click();
  await page.getByRole('menuitem', { name: /^Burn in this language \(€\d+\.\d\d\)$/ }).click();
  const burn = page.getByRole('dialog', { name: 'Burn in French' });
  await burn.getByRole('button', { name: /^Burn in French for €\d+\.\d\d$/ }).click();
  await expect(burn).toBeHidden();
  await expect.poll(() => frenchBurn(page, videoId), { timeout: 60_000 }).toBe('failed');

  // The chip's menu says what happened, with the refund, and offers the burn again.
  await chip.click();
  await expect(
    page.getByText(/^The uploaded video can no longer be read\. Your €\d+\.\d\d was refunded\.$/),
  ).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Burn in this language \(€\d+\.\d\d\)$/ })).toBeVisible();
});
