import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { deepgramFakeUrl } from '../../playwright.config';
import { FAILURE_TEXTS } from '../../shared/schemas/videos';
import { createCompanyUser, signIn, signInAsAdmin } from './support/accounts';
import { makeSpeechClip } from './support/media';

const expect = baseExpect.configure({ timeout: 15_000 });

/** What must never reach a customer's screen: addresses, system error codes, HTTP lines, stack frames. */
const RAW_ERROR =
  /https?:\/\/|\bE[A-Z]{4,}\b|errno|HTTP \d{3}|Invalid credentials|\bat \S+ \(|\w+Error\b|\[object /;

/**
 * Makes the page look backgrounded on demand (window.__hidden) and records the browser notifications it
 * shows (window.__shown), calling the real Notification underneath.
 */
async function watchNotifications(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __hidden?: boolean; __shown: { title: string; body?: string }[] };
    state.__shown = [];
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (state.__hidden ? 'hidden' : 'visible'),
    });
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        state.__shown.push({ title, body: options?.body });
      }
    };
  });
}

/** Sends a generate upload through the legacy REST path with the page's session, as the old client did. */
async function uploadGenerate(page: Page, title: string) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title,
      rso: 'full-text',
      in_lan: 'en',
      out_lan: 'en',
      file: { name: 'speech-sample.mp4', mimeType: 'video/mp4', buffer: await readFile(makeSpeechClip()) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function expectNoRawErrorText(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_ERROR)?.[0], `raw error text on ${page.url()}`).toBeUndefined();
}

test('a failed transcription is told in plain words on any screen; an admin sees the cause, retries it, and the finished video is announced in the background', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  await watchNotifications(page);
  await signIn(page, user);
  await page.goto('/user/overview');

  // Deepgram refuses the next request (a bad key): a permanent failure, refunded.
  const scripted = await request.post(`${deepgramFakeUrl}/__fake/failures`, {
    data: { status: 401, times: 1 },
  });
  expect(scripted.ok()).toBe(true);
  await uploadGenerate(page, 'Launch interview');

  const failed = page.getByRole('alert').filter({ hasText: 'Video failed' });
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await expect(failed).toContainText(`“Launch interview” could not be finished. ${FAILURE_TEXTS.subtitles}`);
  await expect(failed).toContainText('was refunded.');
  await expectNoRawErrorText(page);

  await page.goto('/videos');
  await expect(
    page.getByRole('button', { name: `SRT generation failed. ${FAILURE_TEXTS.subtitles}`, exact: false }),
  ).toBeVisible();
  await expectNoRawErrorText(page);
  await page.goto('/balance');
  await expect(page.getByText(FAILURE_TEXTS.subtitles).first()).toBeVisible();
  await expectNoRawErrorText(page);

  // The admin reads the technical cause and retries; the customer, elsewhere and in another tab, hears of it.
  await page.goto('/message/overview');
  await page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
  });
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/overview');
  await admin.getByRole('link', { name: 'Failed videos' }).click();
  const row = admin.getByRole('row').filter({ hasText: 'Invalid credentials' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('refunded');
  await row.getByRole('button', { name: /^Retry Launch interview \(#\d+\)$/ }).click();
  await expect(admin.getByText(/is being made again/)).toBeVisible();

  const ready = page.getByRole('alert').filter({ hasText: 'Subtitles ready' });
  await expect(ready).toBeVisible({ timeout: 120_000 });
  await expect(ready).toContainText('“Launch interview” is ready');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: { title: string }[] }).__shown))
    .toContainEqual(expect.objectContaining({ title: 'Subtitles ready' }));
  await ready.getByRole('button', { name: 'Open My Videos' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(admin.getByRole('row').filter({ hasText: 'Invalid credentials' })).toHaveCount(0);
});
