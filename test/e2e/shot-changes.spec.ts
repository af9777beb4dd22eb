import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn } from './support/accounts';
import { makeShotsClip, makeSrt } from './support/media';

// The detection runs after the upload's burn-in, on a busy machine.
const expect = baseExpect.configure({ timeout: 60_000 });

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

const SRT = [
  '1\n00:00:00,500 --> 00:00:01,500\nHello\n',
  '2\n00:00:02,560 --> 00:00:03,520\nWorld\n',
  '3\n00:00:04,400 --> 00:00:05,500\nAgain\n',
].join('\n');

test('shot changes are drawn on the waveform, a cue edge dragged near one snaps onto it, one typed near one is a problem', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  // Shots of 2, 1.6 and 2.4 seconds: cuts at 2.000 and 3.600.
  const clip = makeShotsClip([2, 1.6, 2.4]);
  const srt = makeSrt('shots.srt', []);
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: 'Cuts',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const videoId = ((await response.json()) as { data: { id: number } }).data.id;

  await page.goto(`/videos/${videoId}/edit`);
  const start = (number: number) =>
    page.getByRole('textbox', { name: `Start of cue ${number}`, exact: true });
  await expect(start(2)).toHaveValue('0:02.560');
  // Both cuts are found and drawn as thin lines over the waveform.
  const marks = page.locator('[part~="shot-change"]');
  await expect(marks).toHaveCount(2);
  await expect(marks.first()).toHaveAttribute('data-ms', '2000');
  await expect(marks.last()).toHaveAttribute('data-ms', '3600');

  // Cue 2's start dragged to about 2.15 s, 4 frames after the cut at 2.000: it lands on the cut.
  const handles = page.locator('[part~="region-handle-left"]');
  const first = await handles.nth(0).boundingBox(); // 0.500 s
  const second = await handles.nth(1).boundingBox(); // 2.560 s
  if (!first || !second) throw new Error('no region handles on the waveform');
  const pixelsPerSecond = (second.x - first.x) / 2.06;
  const y = second.y + second.height / 2;
  await page.mouse.move(second.x + second.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(second.x + second.width / 2 - 0.41 * pixelsPerSecond, y, { steps: 8 });
  await page.mouse.up();
  await expect(start(2)).toHaveValue('0:02.000');
  const rulesOf = (number: number) => page.getByRole('list', { name: `Rules cue ${number} breaks` });
  await expect(rulesOf(2)).toHaveCount(0);

  // Set from the playhead (Ctrl+3, as in Aegisub) 2 frames after the cut at 3.600: on the cut.
  const video = page.getByLabel(/with the subtitles being edited$/);
  await page.getByRole('textbox', { name: 'Text of cue 3', exact: true }).click();
  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = 3.68;
      }),
  );
  await page.keyboard.press('Control+Digit3');
  await expect(start(3)).toHaveValue('0:03.600');

  // A time typed stays as typed; 3 frames after a cut, the problem list says so.
  await start(3).fill('0:03.720');
  await start(3).press('Enter');
  await expect(start(3)).toHaveValue('0:03.720');
  await expect(rulesOf(3)).toContainText('starts 3 frames after a shot change');
  await expect(page.getByText(/Shot change: 1/)).toBeVisible();
});
