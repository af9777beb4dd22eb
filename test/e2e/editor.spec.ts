import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { EDITOR_TEXTS } from '../../shared/schemas/editor';
import { VIDEO_TEXTS } from '../../shared/schemas/videos';
import { createCompanyUser, signIn } from './support/accounts';
import { makeClip, makeHevcClip, makeSrt } from './support/media';
import { csrfOf, uploadHardcodeVideo as uploadVideo, videoAttributes, waitForBurnIn } from './support/videos';

// Password hashing (Argon2id) and burn-ins are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The grey pixels of the frame at `seconds` of the video's hardcoded file, bottom third only. */
async function burnedSubtitleArea(page: Page, videoId: number, seconds: number): Promise<Buffer> {
  const link = await page.request.get(`/api/download-hardcoded-url?id=${videoId}&video_name=film.mp4`);
  const { presignedUrl } = (await link.json()) as { presignedUrl: string };
  const file = path.join(os.tmpdir(), `editor-burned-${videoId}-${Date.now()}.mp4`);
  await writeFile(file, await (await page.request.get(new URL(presignedUrl).pathname)).body());
  return execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
    ...['-vf', 'crop=iw:ih/3:0:ih*2/3,format=gray', '-f', 'rawvideo', '-'],
  ]);
}

function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let index = 0; index < Math.min(a.length, b.length); index++)
    if (Math.abs((a[index] ?? 0) - (b[index] ?? 0)) > 60) changed++;
  return changed / Math.max(1, Math.min(a.length, b.length));
}

const cueText = (page: Page, number: number) =>
  page.getByRole('textbox', { name: `Text of cue ${number}`, exact: true });
/**
 * Seeks the video and resolves once the frame of that time is on the page: its `seeked` event, then
 * two animation frames for the overlay drawn on `seeked`. (A video frame callback is not waited for:
 * a paused video presents its seeked frame once, possibly before the callback is asked for.)
 */
async function seekAndPresent(video: Locator, seconds: number) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  await video.evaluate(
    (element: HTMLVideoElement, time) =>
      new Promise<void>((resolve) => {
        element.addEventListener(
          'seeked',
          () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          { once: true },
        );
        element.currentTime = time;
      }),
    seconds,
  );
}

/** The picture once libass (in its worker) has finished drawing: two screenshots in a row alike. */
async function settledPicture(preview: Locator): Promise<Buffer> {
  let last = await preview.screenshot();
  await expect
    .poll(async () => {
      const next = await preview.screenshot();
      const same = next.equals(last);
      last = next;
      return same;
    })
    .toBe(true);
  return last;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /Draft saved|Unsaved|Saving/ });

test('a user fixes the subtitles in the editor against the video and burns them in', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page);
  await waitForBurnIn(page, videoId);
  const burnedBefore = await burnedSubtitleArea(page, videoId, 0.5);

  await page.goto('/videos');
  const row = page.locator('tbody tr').filter({ hasText: 'Editor film' });
  await row.getByRole('link', { name: 'Edit subtitles' }).click();
  await expect(page).toHaveURL(new RegExp(`/videos/${videoId}/edit$`));
  await expect(cueText(page, 1)).toHaveText('Hello');
  // Every cue is a region on the waveform from the start, before any edit.
  await expect(page.locator('[part~="region"]')).toHaveCount(5);

  // The preview draws the cue with libass: editing its text changes the picture.
  const video = page.getByLabel(/with the subtitles being edited$/);
  await seekAndPresent(video, 0.5);
  const preview = page.locator('video').locator('..');
  const drawnBefore = await settledPicture(preview);
  await cueText(page, 1).fill('Hello there, friends');
  await expect(status(page)).toHaveText('Draft saved');
  await expect.poll(async () => (await preview.screenshot()).equals(drawnBefore)).toBe(false);
  // An H.264 video plays: no notice that it cannot.
  await expect(page.getByText(EDITOR_TEXTS.makingPreview)).toHaveCount(0);

  // Dragging the end of cue 1 on the waveform moves its end time.
  const handle = page.locator('[part~="region-handle-right"]').first();
  const box = await handle.boundingBox();
  if (!box) throw new Error('no region handle on the waveform');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 25, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('textbox', { name: 'End of cue 1' })).not.toHaveValue('0:01.000');

  // Split at the text cursor, merge back, undo and redo.
  await cueText(page, 1).click();
  await cueText(page, 1).press('Home');
  for (let step = 0; step < 6; step++) await cueText(page, 1).press('ArrowRight');
  await cueText(page, 1).press('Control+Enter');
  await expect(cueText(page, 6)).toBeVisible();
  await expect(cueText(page, 1)).toHaveText('Hello');
  await expect(cueText(page, 2)).toHaveText('there, friends');
  await cueText(page, 1).press('Control+Shift+Enter');
  await expect(cueText(page, 6)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cueText(page, 6)).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(cueText(page, 6)).toHaveCount(0);

  // A rule broken as you type is shown with its figure, and goes with an undo.
  const problems = page.getByRole('status').filter({ hasText: /rule problem/ });
  const before = await problems.textContent();
  await cueText(page, 3).fill('This line is far too long to read in one second, let alone two lines of it');
  const rulesOf3 = page.getByRole('list', { name: 'Rules cue 3 breaks' });
  await expect(rulesOf3).toContainText('characters > 42 in line 1');
  await expect(problems).not.toHaveText(before ?? '');
  await page.keyboard.press('Control+z');
  await expect(rulesOf3).not.toContainText('characters');
  await expect(problems).toHaveText(before ?? '');

  // The draft outlives a reload.
  await expect(status(page)).toHaveText('Draft saved');
  await page.reload();
  await expect(cueText(page, 1)).toHaveText(/^Hello\nthere, friends$/);

  // Any version compares with the text being edited, word by word.
  await page.getByRole('button', { name: /^Versions/ }).click();
  await page.getByRole('menuitem', { name: 'Compare: version 1' }).click();
  const comparison = page.getByRole('dialog', { name: /→ now$/ });
  await expect(comparison.locator('ins')).toContainText('there, friends');
  await page.keyboard.press('Escape');

  // Leaving with a change the server did not take asks first; once it takes it, the draft is saved.
  await page.route('**/trpc/editor.saveDraft**', (route) => route.abort());
  await cueText(page, 4).fill('And then');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Upload', exact: true })
    .click();
  const leaving = page.getByRole('dialog', { name: 'Leave the editor?' });
  await expect(leaving).toContainText('Your last changes could not be saved.');
  await leaving.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/videos/${videoId}/edit$`));
  await page.unroute('**/trpc/editor.saveDraft**');
  await page.keyboard.press('Control+s');
  await expect(status(page)).toHaveText('Draft saved');

  // Ctrl+F opens find and replace, which reaches every cue (the list draws only those in view).
  await cueText(page, 2).click();
  await page.keyboard.press('Control+f');
  const find = page.getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  await find.fill('friends');
  await page.getByRole('textbox', { name: 'Replace with' }).fill('folks');
  await page.getByRole('button', { name: 'Replace all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'replaced' })).toHaveText('1 replaced');
  await page.keyboard.press('Escape');
  await expect(cueText(page, 1)).toHaveText(/^Hello\nthere, folks$/);

  // Save and burn in: one of the two free revisions, said before the click.
  await page.getByRole('button', { name: 'Save and burn in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save and burn in' });
  await expect(dialog).toContainText('This uses 1 of your 2 free revisions');
  await dialog.getByRole('button', { name: 'Save and burn in' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await waitForBurnIn(page, videoId);
  expect((await videoAttributes(page, videoId))?.revisions).toBe(1);

  // The new SRT and the burned frame carry the edit.
  const srts = await page.request.get(`/api/srts?filters[video_id]=${videoId}`);
  expect(JSON.stringify(await srts.json())).toContain('there, folks');
  const burnedAfter = await burnedSubtitleArea(page, videoId, 0.5);
  expect(changedShare(burnedBefore, burnedAfter)).toBeGreaterThan(0.002);

  // A second revision through the legacy edited-SRT upload uses up the count: the editor offers a paid
  // re-burn instead (reburn.spec.ts), and the server refuses a free third with the product's words.
  const edited = makeSrt('edited.srt', ['One', 'Two']);
  const revision = await page.request.post('/api/upload-srt', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      id: String(videoId),
      file: { name: 'edited.srt', mimeType: 'application/x-subrip', buffer: await readFile(edited) },
    },
  });
  expect(revision.ok(), await revision.text()).toBe(true);
  await waitForBurnIn(page, videoId);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(page.getByRole('button', { name: 'Save and burn in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Buy a re-burn/ })).toBeVisible();
  const third = await page.request.post('/trpc/editor.saveAndBurnIn', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data: { id: videoId, revision: 0 },
  });
  expect(third.status()).toBe(409);
  expect(await third.text()).toContain(VIDEO_TEXTS.revisionsUsedUp);
});

test('a video in a codec this browser cannot play is shown from a copy the server makes, and edited as usual', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  // HEVC, as phones record it: Safari plays it, this Chromium (like Firefox) does not.
  const videoId = await uploadVideo(page, { clip: makeHevcClip(6), title: 'Phone film' });
  await waitForBurnIn(page, videoId);

  await page.goto(`/videos/${videoId}/edit`);
  await expect(page.getByText(EDITOR_TEXTS.makingPreview)).toBeVisible();
  const video = page.getByLabel(/with the subtitles being edited$/);
  await expect(video).toBeHidden();
  // The server makes a copy this browser plays, and the editor shows it by itself.
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(EDITOR_TEXTS.makingPreview)).toHaveCount(0);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
    .toBeGreaterThan(0);
  await cueText(page, 1).fill('Hello from a phone');
  await expect(status(page)).toHaveText('Draft saved');
  await page.getByRole('button', { name: 'Save and burn in' }).click();
  await page
    .getByRole('dialog', { name: 'Save and burn in' })
    .getByRole('button', { name: 'Save and burn in' })
    .click();
  await expect(page).toHaveURL(/\/videos$/);
  await waitForBurnIn(page, videoId);
  const srts = await page.request.get(`/api/srts?filters[video_id]=${videoId}`);
  expect(JSON.stringify(await srts.json())).toContain('Hello from a phone');
});

test('a time typed on the wrong side of its cue is refused in its field, and nothing typed is lost', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page);
  await page.goto(`/videos/${videoId}/edit`);
  const start = page.getByRole('textbox', { name: 'Start of cue 2', exact: true });
  const end = page.getByRole('textbox', { name: 'End of cue 2', exact: true });
  await cueText(page, 2).fill('Typed just before');

  await end.fill('0:00.500');
  await end.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The end must come after the start (0:01.000)' }),
  ).toBeVisible();
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await end.press('Escape');
  await expect(end).toHaveValue('0:02.000');
  await start.fill('0:05.000');
  await start.press('Tab');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start must come before the end (0:02.000)' }),
  ).toBeVisible();
  await start.fill('0:01.250');
  await start.press('Enter');
  await expect(start).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cueText(page, 2)).toHaveText('Typed just before');

  // Leaving the editor the moment after typing keeps what was typed.
  await cueText(page, 3).fill('Typed as I left');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Upload', exact: true })
    .click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 3)).toHaveText('Typed as I left');
  await expect(cueText(page, 2)).toHaveText('Typed just before');
  await expect(start).toHaveValue('0:01.250');
});

const JAPANESE = '今日はとても良い天気ですね散歩に行きましょう';

test('Reflow breaks a Japanese cue at phrases in the browser, by the rules burn-in uses', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page, {
    srt: makeSrt('japanese.srt', [JAPANESE, 'はい']),
    title: 'Japanese film',
  });

  await page.goto(`/videos/${videoId}/edit`);
  const rules = page.getByRole('list', { name: 'Rules cue 1 breaks' });
  await expect(rules).toContainText('> 13 in line 1');
  await cueText(page, 1).click();
  await page.getByRole('button', { name: 'Reflow' }).click();
  await expect(cueText(page, 1)).toHaveText(/^\S+\n\S+$/);
  // The same words, on two lines that fit: the cue breaks no line-length rule any more.
  expect(((await cueText(page, 1).textContent()) ?? '').replace('\n', '')).toBe(JAPANESE);
  await expect(page.getByText(/> 13 in line/)).toHaveCount(0);
});

/** An SRT of `count` cues, "Line 1" to "Line N", a quarter second each. */
async function longSrt(count: number): Promise<string> {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
  const body = Array.from(
    { length: count },
    (_, index) => `${index + 1}\n${stamp(index * 250)} --> ${stamp(index * 250 + 250)}\nLine ${index + 1}\n`,
  ).join('\n');
  const file = path.join(os.tmpdir(), `editor-long-${count}.srt`);
  await writeFile(file, body);
  return file;
}

test('a long cue list draws only the rows in view, and every cue stays reachable', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const clip = makeClip(6);
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: 'Long list film',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: {
        name: 'long.srt',
        mimeType: 'application/x-subrip',
        buffer: await readFile(await longSrt(240)),
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const videoId = ((await response.json()) as { data: { id: number } }).data.id;

  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 1)).toHaveText('Line 1');
  const rows = page.getByRole('list', { name: 'Cues' }).locator(':scope > li');
  // Each drawn row tells assistive technology its place in the whole list.
  await expect(rows.first()).toHaveAttribute('aria-setsize', '240');
  expect(await rows.count()).toBeLessThan(40);

  // Moving down the list with the keyboard scrolls it and keeps the cursor in the selected cue.
  await cueText(page, 1).click();
  for (let step = 0; step < 30; step++) await page.keyboard.press('Alt+ArrowDown');
  await expect(cueText(page, 31)).toBeFocused();
  await expect(cueText(page, 1)).toHaveCount(0);
  await page.keyboard.press('End');
  await page.keyboard.type(' edited');
  await expect(cueText(page, 31)).toHaveText('Line 31 edited');

  // Find and replace reaches a cue that was never drawn.
  await page.keyboard.press('Control+f');
  await page.getByRole('textbox', { name: 'Find' }).fill('Line 240');
  await page.getByRole('textbox', { name: 'Replace with' }).fill('The last line');
  await page.getByRole('button', { name: 'Replace all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'replaced' })).toHaveText('1 replaced');
  await page.keyboard.press('Escape');
  await page
    .getByRole('list', { name: 'Cues' })
    .locator('..')
    .evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
  await expect(cueText(page, 240)).toHaveText('The last line');
});

test('a click anywhere on a cue selects it and seeks the video to its start; every cue shows its reading speed', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 1)).toHaveText('Hello');
  const video = page.getByLabel(/with the subtitles being edited$/);
  const playhead = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  const row = (number: number) => page.getByRole('listitem').filter({ has: cueText(page, number) });

  // The number in cue 2's header: cue 2 is selected and the video stands at its start (0:01).
  await row(2).getByText('2', { exact: true }).click();
  await expect(row(2)).toHaveAttribute('data-selected', 'true');
  await expect.poll(playhead).toBeCloseTo(1, 2);
  // A click in cue 4's text: selected, seeked, and the caret stays in the text where clicked.
  await cueText(page, 4).click();
  await expect(row(4)).toHaveAttribute('data-selected', 'true');
  await expect.poll(playhead).toBeCloseTo(3, 2);
  await expect(cueText(page, 4)).toBeFocused();

  // Own subtitles (hardcode mode) show their characters per second against 17 by default.
  await expect(row(1)).toContainText('5.0 cps');
  await expect(row(3)).toContainText('5.0 cps');
  await cueText(page, 1).fill(
    'Everyone here kept saying the same thing again and again, we should have left an hour ago!',
  );
  await expect(row(1)).toContainText('90.0 cps');
  await expect(page.getByRole('list', { name: 'Rules cue 1 breaks' })).toContainText('90 cps > 17');
  await expect(page.getByText(/Reading speed: 1/)).toBeVisible();
  // A cue at 18 characters per second breaks 17, not a chosen 20.
  await cueText(page, 2).fill('Eighteen letters!!');
  await expect(page.getByRole('list', { name: 'Rules cue 2 breaks' })).toContainText('18 cps > 17');
  await page.getByLabel('Reading speed to check against').selectOption('20');
  await expect(page.getByRole('list', { name: 'Rules cue 2 breaks' })).not.toContainText('cps');
  await expect(page.getByRole('list', { name: 'Rules cue 1 breaks' })).toContainText('90 cps > 20');
});

test('timing with the keyboard: frame steps, edges at the playhead and one-frame nudges, all on the shortcut sheet', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 1)).toHaveText('Hello');
  const video = page.getByLabel(/with the subtitles being edited$/);
  const playhead = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  const start = page.getByRole('textbox', { name: 'Start of cue 2', exact: true });
  const end = page.getByRole('textbox', { name: 'End of cue 2', exact: true });
  const row = page.getByRole('listitem').filter({ has: cueText(page, 2) });

  // Cue 2 selected from its header: the playhead at 0:01, two frames on (25 fps) is 0:01.080.
  await row.getByText('2', { exact: true }).click();
  await expect.poll(playhead).toBeCloseTo(1, 2);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(playhead).toBeCloseTo(1.04, 2);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(playhead).toBeCloseTo(1.08, 2);
  await page.keyboard.press('Control+BracketLeft');
  await expect(start).toHaveValue('0:01.080');

  // One-frame nudges of the selected cue's edges, also while typing in its text.
  await cueText(page, 2).click();
  await page.keyboard.press('Alt+BracketRight');
  await expect(start).toHaveValue('0:01.120');
  await page.keyboard.press('Alt+BracketLeft');
  await page.keyboard.press('Alt+BracketLeft');
  // It stops two frames after cue 1's end (1.000), the least gap, and says so.
  await expect(start).toHaveValue('0:01.080');
  await expect(page.getByText(/within two frames of its neighbour/)).toBeVisible();
  await page.keyboard.press('Alt+Shift+BracketLeft');
  await expect(end).toHaveValue('0:01.960');
  await page.keyboard.press('Alt+Shift+BracketRight');
  await page.keyboard.press('Alt+Shift+BracketRight');
  await expect(end).toHaveValue('0:02.040');
  await expect(cueText(page, 2)).toHaveText('World');

  // The shortcut sheet lists them.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const sheet = page.getByRole('dialog');
  for (const keys of [
    'Alt+Shift+→',
    'Ctrl+[ or Ctrl+3',
    'Ctrl+] or Ctrl+4',
    'Alt+[',
    'Alt+]',
    'Alt+Shift+[',
    'Alt+Shift+]',
  ])
    await expect(sheet.getByText(keys, { exact: true })).toBeVisible();
  await expect(sheet.getByText("Move the selected cue's end 1 frame later")).toBeVisible();
});

test('the preview draws emoji from the shipped face, not the box of a missing glyph (issue 35)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  const videoId = await uploadVideo(page);
  await waitForBurnIn(page, videoId);
  await page.goto(`/videos/${videoId}/edit`);
  await expect(cueText(page, 1)).toHaveText('Hello');
  const video = page.getByLabel(/with the subtitles being edited$/);
  await seekAndPresent(video, 0.5);
  const preview = page.locator('video').locator('..');
  let shown = await settledPicture(preview);
  /** The picture once cue 1 reads `text`: it must change from the one before, then settle. */
  const drawn = async (text: string) => {
    await cueText(page, 1).fill(text);
    await expect.poll(async () => (await preview.screenshot()).equals(shown)).toBe(false);
    shown = await settledPicture(preview);
    return shown;
  };
  // U+E000 (private use): no face holds it, libass draws its `.notdef` box.
  const box = await drawn('\uE000\uE000\uE000');
  const clapper = await drawn('🎬🎬🎬');
  const party = await drawn('🎉🎉🎉');
  baseExpect(changedShare(box, clapper)).toBeGreaterThan(0.001);
  baseExpect(changedShare(clapper, party)).toBeGreaterThan(0.001);
});
