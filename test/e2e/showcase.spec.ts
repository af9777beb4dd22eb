import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { translatingBaseUrl } from '../../playwright.config';
import { createCompanyUser, signIn, signInAsAdmin } from './support/accounts';
import { makeClip, makeSrt } from './support/media';

// Password hashing (Argon2id) on login and the burn-in are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// Published videos show to every visitor: this runs on its own instance so other specs keep the posters.
test.use({ baseURL: translatingBaseUrl });

/** A 4-second hardcode video through the REST path; answers its id. */
async function uploadVideo(page: Page, title: string) {
  const clip = makeClip(4);
  const srt = makeSrt('showcase.srt', ['Welcome', 'to the launch']);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title,
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: 'showcase.srt', mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function publish(admin: Page, videoId: number, where: string, title: string, consent = true) {
  const form = admin.getByRole('form', { name: 'Publish a video' });
  await form.getByRole('combobox', { name: 'Finished video' }).click();
  await admin.getByRole('option', { name: new RegExp(`\\(video ${videoId},`) }).click();
  await form.getByRole('radio', { name: where }).check();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  if (consent)
    await form.getByRole('checkbox', { name: "The video's owner agreed to show it publicly" }).check();
  await form.getByRole('button', { name: 'Publish' }).click();
}

/** Plays a video for real: its clock moves, so the file is served and decodes. */
async function expectPlays(video: Locator) {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.3);
}

test('an admin publishes a finished video: it plays on the home page and on /examples, then leaves again', async ({
  browser,
  request,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const carousel = visitor.getByRole('region', { name: 'Demo videos' });
  // Nothing published: posters only, and no video to start.
  await expect(carousel.getByRole('img', { name: 'Product demo, English to Dutch' })).toBeVisible();
  await expect(carousel.locator('video')).toHaveCount(0);
  await visitor.goto('/examples');
  await expect(visitor.getByRole('heading', { name: 'Full-text versus compressed subtitles' })).toBeVisible();
  await expect(visitor.getByText(/coming soon/)).toHaveCount(0);
  await expect(visitor.locator('video')).toHaveCount(0);

  const user = await createCompanyUser(request, { credits: 5 });
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, user);
  const videoId = await uploadVideo(owner, 'Launch film');

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/overview');
  await admin.getByRole('link', { name: 'Public videos' }).click();
  await expect(admin).toHaveURL(/\/admin\/showcase$/);
  // The video is offered once its burn-in is done.
  await expect(async () => {
    await admin.reload();
    await admin.getByRole('combobox', { name: 'Finished video' }).click();
    await expect(admin.getByRole('option', { name: new RegExp(`\\(video ${videoId},`) })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await admin.keyboard.press('Escape');

  // Without the owner's consent nothing is published.
  await publish(admin, videoId, 'Home page carousel', 'Launch film', false);
  await expect(admin.getByText("Confirm that the video's owner agreed to show it publicly")).toBeVisible();
  await publish(admin, videoId, 'Home page carousel', 'Launch film');
  await expect(admin.getByText('Video published')).toBeVisible();
  await publish(admin, videoId, 'Home page carousel', 'Launch film, second cut');
  await publish(admin, videoId, 'Example Videos page', 'Launch film explained');
  const published = admin.getByRole('table', { name: 'Published videos' });
  await expect(published.getByRole('row')).toHaveCount(4);

  await visitor.goto('/');
  await expect(carousel.getByRole('group', { name: /^1 of 2: Launch film$/ })).toBeVisible();
  // By its label: once off screen the slide leaves the accessibility tree, the element stays.
  const first = carousel.locator('video[aria-label="Launch film"]');
  await expectPlays(first);
  await carousel.getByRole('button', { name: 'Next video' }).click();
  await expect(carousel.getByRole('group', { name: /^2 of 2: Launch film, second cut$/ })).toBeVisible();
  // The slide change paused the playing video.
  await expect.poll(() => first.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);

  await visitor.goto('/examples');
  await expect(visitor.getByRole('heading', { name: 'Launch film explained' })).toBeVisible();
  await expectPlays(visitor.getByLabel('Launch film explained, with subtitles'));
  await visitor.getByRole('tab', { name: 'Original' }).click();
  await expectPlays(visitor.getByLabel('Launch film explained, original'));

  // Removed again (from the keyboard: the toasts above may cover the buttons), the posters come back.
  for (const title of ['Launch film', 'Launch film, second cut', 'Launch film explained']) {
    await published.getByRole('button', { name: `Remove ${title}`, exact: true }).press('Enter');
    await expect(published.getByRole('button', { name: `Remove ${title}`, exact: true })).toHaveCount(0);
  }
  await expect(admin.getByText(/^Nothing published yet/)).toBeVisible();
  await visitor.goto('/');
  await expect(carousel.getByRole('img', { name: 'Product demo, English to Dutch' })).toBeVisible();
  await expect(carousel.locator('video')).toHaveCount(0);
});
