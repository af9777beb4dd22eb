import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createCompanyUser, signIn, signInAsAdmin } from './support/accounts';
import { uploadVideo as uploadEditorVideo } from './support/editor-video';
import { layoutProblems } from './support/layout';
import { makeClip, makeSrt } from './support/media';

/** The widths people use: a small laptop, the most common laptop, a phone. */
const WIDTHS = [1280, 1366, 390] as const;

const CUSTOMER_SCREENS = [
  '/',
  '/videos',
  '/balance',
  '/user/overview',
  '/user/tokens',
  '/user/company-data',
  '/glossary',
  '/team',
  '/message/overview',
  '/about',
  '/examples',
  '/faq',
];

const ADMIN_SCREENS = [
  '/admin/overview',
  '/admin/user/overview',
  '/company/overview',
  '/admin/message/overview',
  '/admin/audit',
  '/admin/prices',
  '/admin/videos/failed',
  '/admin/links',
  '/admin/showcase',
  '/admin/content/overview',
  '/conversion/overview',
];

/** One finished-or-not video, so My Videos has a row with every column. */
async function uploadVideo(page: Page) {
  const clip = makeClip(4);
  const srt = makeSrt('layout.srt', ['Hello', 'World']);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      title: 'A video with a rather long title to lay out',
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: 'layout.srt', mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const mains = document.querySelectorAll('main, [role="main"]').length;
    if (mains !== 1) problems.push(`${mains} main landmarks`);
    for (const slider of Array.from(document.querySelectorAll('[role="slider"]'))) {
      const labelled = slider.getAttribute('aria-label') || slider.getAttribute('aria-labelledby');
      if (!labelled)
        problems.push(`a slider without a name near "${slider.parentElement?.textContent?.slice(0, 40)}"`);
    }
    return problems;
  });
}

async function checkScreens(page: Page, screens: readonly string[]) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const problem of [...(await layoutProblems(page)), ...(await accessibilityProblems(page))])
        found.push(`${screen} at ${width}px: ${problem}`);
    }
  }
  expect(found).toEqual([]);
}

test('every customer screen fits 1280, 1366 and 390 px wide, with one main landmark and named sliders', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await uploadVideo(page);
  await checkScreens(page, CUSTOMER_SCREENS);
  // The own-style editor on My Profile, with the renderer's preview.
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/user/overview');
    await page.getByRole('button', { name: 'Make your own style' }).click();
    await expect(page.getByRole('img', { name: 'Your style, drawn as the burn-in draws it' })).toBeVisible();
    for (const problem of [...(await layoutProblems(page)), ...(await accessibilityProblems(page))])
      found.push(`own style at ${width}px: ${problem}`);
  }
  expect(found).toEqual([]);
});

test('every admin screen fits 1280, 1366 and 390 px wide', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await checkScreens(page, ADMIN_SCREENS);
});

test('the subtitle editor fits 1280, 1366 and 390 px wide', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, await createCompanyUser(request, { credits: 5 }));
  const videoId = await uploadEditorVideo(page, ['A first line to lay out', 'A second one']);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/videos/${videoId}/edit`);
    await expect(page.getByRole('textbox', { name: 'Text of cue 2', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const problem of [...(await layoutProblems(page)), ...(await accessibilityProblems(page))])
      found.push(`editor at ${width}px: ${problem}`);
  }
  expect(found).toEqual([]);
});
