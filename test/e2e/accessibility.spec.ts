import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/accessibility';
import { createCompanyUser, signIn, signInAsAdmin } from './support/accounts';
import { makeClip, makeSrt } from './support/media';

// Password hashing (Argon2id) and the burn-in are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const VIDEO_TITLE = 'Accessible film';

interface ScreenToCheck {
  name: string;
  path: string | ((video: VideoFixture) => string);
  /** A link to follow from `path` (its href prefix), for detail screens whose id the overview knows. */
  follow?: string;
  /** Text that shows once the screen holds its data, when a screen needs more than its loaders gone. */
  shows?: string | RegExp;
}

interface VideoFixture {
  id: number;
  title: string;
}

const publicScreens: ScreenToCheck[] = [
  { name: 'Home', path: '/' },
  { name: 'Examples', path: '/examples' },
  { name: 'About', path: '/about' },
  { name: 'Human requests', path: '/human' },
  { name: 'Log in', path: '/login' },
  { name: 'Sign up', path: '/signup' },
  { name: 'Forgot password', path: '/forgot-password' },
  { name: 'Reset password without a token', path: '/reset-password' },
  { name: 'Verify e-mail without a token', path: '/verify-email' },
  { name: 'Invitation without a token', path: '/invitation' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Privacy', path: '/privacy' },
  { name: 'Disclaimer', path: '/disclaimer' },
  { name: 'Terms', path: '/terms' },
  { name: 'Help', path: '/help' },
  { name: 'Contact', path: '/contact' },
  { name: 'Page not found', path: '/no-such-page' },
];

const companyScreens: ScreenToCheck[] = [
  { name: 'Upload', path: '/video/upload' },
  { name: 'My Videos', path: '/videos', shows: VIDEO_TITLE },
  { name: 'Editor', path: (video) => `/videos/${video.id}/edit`, shows: 'Save and burn in' },
  { name: 'Review', path: (video) => `/videos/${video.id}/review`, shows: 'Read-only review' },
  { name: 'Balance', path: '/balance' },
  { name: 'Checkout', path: '/checkout' },
  { name: 'Profile', path: '/user/overview' },
  { name: 'API tokens', path: '/user/tokens' },
  { name: 'Company data', path: '/user/company-data' },
  { name: 'Glossary', path: '/glossary' },
  { name: 'Team', path: '/team' },
  { name: 'Messages', path: '/message/overview' },
];

const adminScreens: ScreenToCheck[] = [
  { name: 'Admin overview', path: '/admin/overview' },
  { name: 'Content', path: '/admin/content/overview' },
  { name: 'Content page', path: '/admin/content/overview', follow: '/admin/content/detail/' },
  { name: 'Audit log', path: '/admin/audit' },
  { name: 'Users', path: '/admin/user/overview' },
  { name: 'Companies', path: '/company/overview' },
  { name: 'Company', path: '/company/overview', follow: '/company/detail/' },
  { name: 'Admin messages', path: '/admin/message/overview' },
  { name: 'Conversions', path: '/conversion/overview' },
  { name: 'Conversion', path: '/conversion/overview', follow: '/conversion/detail/' },
  { name: 'Prices', path: '/admin/prices' },
  { name: 'Failed videos', path: '/admin/videos/failed' },
  { name: 'Site links', path: '/admin/links' },
  { name: 'Showcase', path: '/admin/showcase' },
];

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';

/** A subtitled video through the REST upload, burned in, so My Videos has a row and the editor a film. */
async function uploadBurnedVideo(page: Page): Promise<VideoFixture> {
  // Twenty seconds, so the editor's waveform scrolls.
  const clip = makeClip(20);
  const srt = makeSrt(
    'accessibility.srt',
    Array.from({ length: 20 }, (_, index) => `Line ${index + 1}`),
  );
  const response = await page.request.post('/api/upload-log/hc', {
    headers: { 'x-csrf-token': await csrfOf(page) },
    multipart: {
      title: VIDEO_TITLE,
      description: '',
      fileVideo: { name: path.basename(clip), mimeType: 'video/mp4', buffer: await readFile(clip) },
      fileSub: { name: path.basename(srt), mimeType: 'application/x-subrip', buffer: await readFile(srt) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const id = ((await response.json()) as { data: { id: number } }).data.id;
  await expect
    .poll(
      async () => {
        const video = await page.request.get(`/api/upload-logs?filters[id]=${id}`);
        const rows = (await video.json()) as { data: { attributes: { hardcoded_status?: string } }[] };
        return rows.data[0]?.attributes.hardcoded_status;
      },
      { timeout: 90_000 },
    )
    .toBe('completed');
  return { id, title: VIDEO_TITLE };
}

/** Waits for the screen's data: no request in flight, no loader, no running transition. */
async function waitForScreen(page: Page, screen: ScreenToCheck): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  if (screen.shows !== undefined) await expect(page.getByText(screen.shows).first()).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

async function open(page: Page, screen: ScreenToCheck, video: VideoFixture): Promise<void> {
  await page.goto(typeof screen.path === 'string' ? screen.path : screen.path(video));
  if (screen.follow !== undefined) {
    await page.locator(`a[href^="${screen.follow}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${screen.follow}\\d+$`));
  }
  await waitForScreen(page, screen);
}

/** The accessible name of the focused element, inside shadow roots too (wavesurfer draws in one). */
function focusedName(): string {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  if (!focused) return '';
  const labelledBy = focused.getAttribute('aria-labelledby');
  const label = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
  return (focused.getAttribute('aria-label') ?? label ?? focused.textContent ?? '').trim();
}

/** One line per serious or critical finding: rule, impact, the element, what is wrong. */
async function expectAccessible(page: Page, screen: ScreenToCheck, video: VideoFixture) {
  await open(page, screen, video);
  const violations = await seriousViolations(page);
  expect(violations, `${screen.name} (${page.url()}):\n${violations.join('\n')}`).toEqual([]);
}

const noVideo: VideoFixture = { id: 0, title: '' };

test.describe('public and sign-in screens', () => {
  for (const screen of publicScreens) {
    test(`${screen.name} has no serious WCAG A/AA violation`, async ({ page }) => {
      await expectAccessible(page, screen, noVideo);
    });
  }
});

test.describe('a company user’s screens', () => {
  let page: Page;
  let video: VideoFixture;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    page = await (await browser.newContext()).newPage();
    await signIn(page, await createCompanyUser(page.request, { credits: 5 }));
    video = await uploadBurnedVideo(page);
  });
  test.afterAll(async () => page.context().close());

  for (const screen of companyScreens) {
    test(`${screen.name} has no serious WCAG A/AA violation`, async () => {
      await expectAccessible(page, screen, video);
    });
  }
  test('Review link, opened without an account, has no serious WCAG A/AA violation', async ({ browser }) => {
    const made = await page.request.post('/trpc/comments.createReviewLink', {
      headers: { 'x-csrf-token': await csrfOf(page) },
      data: { videoId: video.id },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const url = ((await made.json()) as { result: { data: { url: string } } }).result.data.url;
    const guest = await (await browser.newContext()).newPage();
    try {
      await expectAccessible(
        guest,
        { name: 'Review link', path: new URL(url).pathname, shows: 'Your name' },
        video,
      );
    } finally {
      await guest.context().close();
    }
  });
  test('the editor is reached by keyboard alone: the Tab key visits the media controls, the waveform and the cues', async () => {
    await open(page, { name: 'Editor', path: `/videos/${video.id}/edit`, shows: 'Save and burn in' }, video);
    await page.locator('body').focus();
    const wanted = ['Save and burn in', 'Play / pause', 'Zoom', 'Waveform timeline', 'Text of cue 1'];
    const visited: string[] = [];
    for (let press = 0; press < 150 && !wanted.every((name) => visited.includes(name)); press++) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(focusedName));
    }
    for (const name of wanted) expect(visited, `Tab never reached "${name}"`).toContain(name);
  });
});

test.describe('the admin’s screens', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signInAsAdmin(page);
  });
  test.afterAll(async () => page.context().close());

  for (const screen of adminScreens) {
    test(`${screen.name} has no serious WCAG A/AA violation`, async () => {
      await expectAccessible(page, screen, noVideo);
    });
  }
});
