import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { VIDEO_TEXTS } from '../../shared/schemas/videos';
import { createCompanyUser, createUserWithoutCompany, signIn } from './support/accounts';
import { makeClip, makeSrt } from './support/media';
import { chooseFile, throttleUploads } from './support/upload-form';

/** Records which sounds the page plays, to check one per status change. */
async function recordSounds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    Object.assign(window, { playedSounds: played });
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    };
  });
}

function playedSounds(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { playedSounds: string[] }).playedSounds);
}

/**
 * Notes whenever a row of `filename` shows the hardcoded-video spinner, however briefly (a short clip
 * can be burned in between two looks of a test), so a test can check polling came before completed.
 */
async function watchForSpinner(page: Page, filename: string): Promise<void> {
  await page.evaluate((name) => {
    const state = window as unknown as { sawSpinner: boolean; spinnerObserver?: MutationObserver };
    state.sawSpinner = false;
    state.spinnerObserver?.disconnect();
    const look = () => {
      for (const row of document.querySelectorAll('tbody tr')) {
        const spinner = row.querySelector('[role="status"][aria-label^="Making the hardcoded video"]');
        if (spinner && row.textContent?.includes(name)) state.sawSpinner = true;
      }
    };
    state.spinnerObserver = new MutationObserver(look);
    state.spinnerObserver.observe(document.body, { subtree: true, childList: true, attributes: true });
    look();
  }, filename);
}

function sawSpinner(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sawSpinner: boolean }).sawSpinner);
}

function videoRow(page: Page, filename: string) {
  return page.locator('tbody tr').filter({ hasText: filename });
}

test('a hardcode upload is made live, downloads, re-burns twice and turns the edit control off at 2 / 2, and gives the edited SRT back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const clip = makeClip(20);
  const srt = makeSrt('burn-in.srt', ['First line', 'Second line', 'Third line']);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);

  // A second tab already on My Videos watches the new row arrive and finish, without reloading.
  const watcher = await page.context().newPage();
  await recordSounds(watcher);
  await watcher.goto('/videos');
  await expect(watcher.getByText('Videos found: 0')).toBeVisible();
  await watchForSpinner(watcher, 'clip-20s.mp4');

  await page.goto('/');
  await page.getByRole('tab', { name: 'Upload Your Own Subtitles' }).click();
  await chooseFile(page, /^Video \(MP4\)/, clip);
  await chooseFile(page, /^Subtitles \(/, srt);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Burn-in test');
  await expect(page.getByText('1 minute × €0.10 = €0.10')).toBeVisible();

  await throttleUploads(page, 1_500_000);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Loading... Stay on this page until the file is uploaded')).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });

  const watched = videoRow(watcher, 'clip-20s.mp4');
  await expect(watched.getByRole('button', { name: 'Download hardcoded video of clip-20s.mp4' })).toBeVisible(
    {
      timeout: 60_000,
    },
  );
  expect(await sawSpinner(watcher)).toBe(true);
  expect(await playedSounds(watcher)).toEqual(['/sounds/success.wav']);

  // The uploader is taken to My Videos after the success alert.
  await expect(page).toHaveURL(/\/videos$/, { timeout: 10_000 });
  const row = videoRow(page, 'clip-20s.mp4');
  await expect(row).toContainText('0 / 2');
  const download = page.waitForEvent('download');
  const served = page.waitForResponse((response) => response.url().includes('/api/files/'));
  await row.getByRole('button', { name: 'Download hardcoded video of clip-20s.mp4' }).click();
  expect((await served).headers()['content-disposition']).toContain('Burn-in test_subtitled.mp4');
  expect((await download).suggestedFilename()).toBe('Burn-in test_subtitled.mp4');

  // Two edited SRTs re-burn the video, each time polling → completed; the third is refused.
  const edited = makeSrt('edited.srt', ['Edited first line', 'Edited second line']);
  for (const used of ['1 / 2', '2 / 2']) {
    await chooseFile(page, 'Edited SRT for clip-20s.mp4', edited);
    await watchForSpinner(page, 'clip-20s.mp4');
    await watchForSpinner(watcher, 'clip-20s.mp4');
    await row.getByRole('button', { name: 'Upload edited SRT for clip-20s.mp4' }).click();
    const confirm = page.getByRole('dialog', { name: 'Use a free revision?' });
    await expect(confirm).toContainText(
      `This uses 1 of your 2 free revisions; ${used === '1 / 2' ? '1' : 'none'} will be left.`,
    );
    await confirm.getByRole('button', { name: 'Upload' }).click();
    await expect(row).toContainText(used);
    await expect(row.getByRole('button', { name: 'Download hardcoded video of clip-20s.mp4' })).toBeVisible({
      timeout: 60_000,
    });
    expect(await sawSpinner(page)).toBe(true);
    await expect(watched).toContainText(used);
    await expect.poll(() => sawSpinner(watcher)).toBe(true);
  }
  await expect.poll(() => playedSounds(watcher)).toHaveLength(3);

  // At 2 / 2 the control is off and says why.
  await expect(row.getByRole('button', { name: 'Upload edited SRT for clip-20s.mp4' })).toBeDisabled();
  await row.getByLabel('Both free revisions are used (2 / 2).').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Both free revisions are used (2 / 2).');
  await expect(row).toContainText('2 / 2');

  // The current SRT of a hardcode video is the last edit, and it can be fetched back.
  const srtDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download SRT of clip-20s.mp4' }).click();
  const fetched = await srtDownload;
  expect(fetched.suggestedFilename()).toMatch(/\.srt$/);
  expect(readFileSync(await fetched.path(), 'utf8')).toContain('Edited first line');
  await watcher.close();
});

test('the edited-subtitles upload refuses a file that is not SRT, WebVTT or ASS, and statuses are polled while the live stream is down', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 5 });
  const clip = makeClip(4);
  const srt = makeSrt('short.srt', ['Hello', 'World']);
  await signIn(page, user);
  await uploadThroughApi(page, clip, srt);
  // No live events for this page: it must fall back to polling the rows still being made.
  let streamAttempts = 0;
  await page.route('**/trpc/events.company**', (route) => {
    streamAttempts += 1;
    return route.abort();
  });
  await page.goto('/videos');
  const row = videoRow(page, 'clip-4s.mp4');
  await expect(row.getByRole('button', { name: 'Download hardcoded video of clip-4s.mp4' })).toBeVisible({
    timeout: 60_000,
  });
  await row.getByRole('button', { name: 'Upload edited SRT for clip-4s.mp4' }).click();
  await expect(row.getByRole('alert')).toHaveText('No subtitle file selected.');
  await chooseFile(page, 'Edited SRT for clip-4s.mp4', makeSrt('notes.txt', ['Not an SRT']));
  await expect(row.getByRole('alert')).toHaveText(
    'Invalid file format. Please upload an SRT, WebVTT or ASS file.',
  );
  await expect(row).toContainText('0 / 2');

  await chooseFile(page, 'Edited SRT for clip-4s.mp4', makeSrt('fixed.srt', ['Hello again', 'World again']));
  await expect(row.getByRole('alert')).toHaveCount(0);
  await row.getByRole('button', { name: 'Upload edited SRT for clip-4s.mp4' }).click();
  await page
    .getByRole('dialog', { name: 'Use a free revision?' })
    .getByRole('button', { name: 'Upload' })
    .click();
  await expect(row).toContainText('1 / 2');
  await expect(row.getByRole('button', { name: 'Download hardcoded video of clip-4s.mp4' })).toBeVisible({
    timeout: 60_000,
  });
  expect(streamAttempts).toBeGreaterThan(0);
});

test('a video finished while the live stream was connecting shows finished once the stream is up', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  // The stream is held while the list is fetched and the video is made, so its completion is published
  // before the stream hears the company: only the refetch when the stream starts listening can show it.
  let releaseStream = () => {};
  const streamHeld = new Promise<void>((resolve) => {
    releaseStream = resolve;
  });
  await page.route('**/trpc/events.company**', async (route) => {
    await streamHeld;
    await route.continue();
  });
  await page.goto('/videos');
  await expect(page.getByText('Videos found: 0')).toBeVisible();
  await uploadThroughApi(page, makeClip(4), makeSrt('short.srt', ['Hello', 'World']));
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/upload-logs/my-company-videos-desc?page=1&pageSize=12');
        return (await answer.json()).data[0]?.attributes.hardcoded_status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  // Nothing on the page is processing, so nothing polls: the list is the one fetched before the upload.
  await expect(page.getByText('Videos found: 0')).toBeVisible();
  releaseStream();
  await expect(
    videoRow(page, 'clip-4s.mp4').getByRole('button', { name: 'Download hardcoded video of clip-4s.mp4' }),
  ).toBeVisible({ timeout: 15_000 });
});

/** Uploads a hardcode video through the legacy REST path (PRODUCT.md §7) with the browser's session. */
async function uploadThroughApi(
  page: Page,
  clip: string,
  srt: string,
  name?: string,
  title = 'Set-up video',
) {
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title,
      description: '',
      fileVideo: {
        name: name ?? path.basename(clip),
        mimeType: 'video/mp4',
        buffer: await fs.readFile(clip),
      },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: await fs.readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('search reloads from 3 characters, clears, and the sort toggles', async ({ page, request }) => {
  const user = await createCompanyUser(request, { credits: 5 });
  const clip = makeClip(4);
  const srt = makeSrt('short.srt', ['Hello', 'World']);
  await signIn(page, user);
  for (const name of ['alpha-one.mp4', 'beta-two.mp4', 'alpha-three.mp4']) {
    await uploadThroughApi(page, clip, srt, name, name === 'beta-two.mp4' ? 'Quarterly results' : name);
  }
  await page.goto('/videos');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('alpha-three.mp4');

  const search = page.getByRole('searchbox', { name: 'Search videos' });
  await expect(search).toHaveAttribute('placeholder', 'Search videos...');
  await search.fill('al');
  await expect(rows).toHaveCount(3);
  await search.fill('alp');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);

  // The title matches too, and shows first with the file name beneath; a video with its own
  // subtitles has no plan or languages: a dash says so.
  await search.fill('quarterly');
  await expect(rows).toHaveCount(1);
  const file = rows.first().locator('td[data-label="File"]');
  await expect(file).toContainText('Quarterly results');
  await expect(file).toContainText('beta-two.mp4');
  for (const column of ['Reading Speed', 'Input']) {
    await expect(rows.first().locator(`td[data-label="${column}"]`)).toHaveText('—');
  }
  // An own SRT names no output language: the row shows the language its subtitles are written in.
  await expect(rows.first().locator('td[data-label="Output"]')).toHaveText('English');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows).toHaveCount(3);

  await page.getByRole('button', { name: /sort oldest first/ }).click();
  await expect(rows.first()).toContainText('alpha-one.mp4');
  await page.getByRole('button', { name: /sort newest first/ }).click();
  await expect(rows.first()).toContainText('alpha-three.mp4');

  for (const label of [
    'Date',
    'File',
    'Reading Speed',
    'Input',
    'Output',
    'Download Hardcoded Video',
    'Download Generated SRT',
    'Upload Edited SRT',
    'Uploads Used',
  ]) {
    await expect(page.getByRole('columnheader', { name: label, exact: true })).toBeAttached();
  }
});

test('a user without a company sees an empty list', async ({ page, request }) => {
  const loner = await createUserWithoutCompany(request);
  await signIn(page, loner);
  await page.goto('/videos');
  await expect(page.getByText('Videos found: 0')).toBeVisible();
  await expect(page.getByText(VIDEO_TEXTS.noCompany)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(0);
});
