import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';

const PASSWORD = 'Secret-pass1!';

interface Account {
  email: string;
  password: string;
}

interface CompanyUser extends Account {
  companyId: number;
  companyName: string;
}

function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** The legacy signup of PRODUCT.md §4 through the REST API: register, log in, create the company, join it. */
async function createCompanyUser(request: APIRequestContext, label: string): Promise<CompanyUser> {
  const username = unique(`msg-${label}`);
  const email = `${username}@e2e.test`;
  const companyName = `Company ${label} ${unique('e2e')}`;

  const registered = await request.post('/api/auth/local/register', {
    data: { username, email, password: PASSWORD, company: 0, suggestion: '' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const userId = ((await registered.json()) as { user: { id: number } }).user.id;

  const login = await request.post('/api/auth/local', { data: { identifier: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { jwt } = (await login.json()) as { jwt: string };
  const headers = { Authorization: `Bearer ${jwt}` };

  const company = await request.post('/api/companies', {
    headers,
    data: { data: { name: companyName, address: 'Main street 1\n1000 Town', credits: 0, admin: [userId] } },
  });
  expect(company.ok(), await company.text()).toBeTruthy();
  const companyId = ((await company.json()) as { data: { id: number } }).data.id;

  const joined = await request.put('/api/users/me', { headers, data: { company: companyId } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  return { email, password: PASSWORD, companyId, companyName };
}

/**
 * A browser of its own for one account, logged in through the API: auth.login sets the session cookie
 * for the context, and the stored values the guards and the menu read are put in place before loading
 * `path`.
 */
async function openLoggedIn(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/trpc/auth.login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const me = ((await login.json()) as { result: { data: { role: string; companyId: number | null } } }).result
    .data;
  const cookies = await context.cookies();
  expect(cookies.some((cookie) => cookie.name === 'session' && cookie.httpOnly)).toBeTruthy();

  await page.goto('/about');
  await page.evaluate(
    ({ role, company }) => {
      localStorage.setItem('jwt', 'cookie-session');
      localStorage.setItem('userRole', role);
      if (company) localStorage.setItem('company', String(company));
    },
    { role: me.role, company: me.companyId },
  );

  // The live stream must be open before anything is posted, or the test would not prove it is live.
  const liveStream = me.companyId
    ? page.waitForResponse((response) => response.url().includes('/trpc/events.company'))
    : null;
  await page.goto(path);
  await liveStream;
  return page;
}

/** The profile dropdown's Messages entry; its accessible name says when it is highlighted. */
async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  return page.getByRole('menu');
}

async function expectMessagesItem(page: Page, state: 'highlighted' | 'plain') {
  const menu = await openAccountMenu(page);
  const item =
    state === 'highlighted'
      ? menu.getByRole('menuitem', { name: 'Messages (new messages)' })
      : menu.getByRole('menuitem', { name: 'Messages', exact: true });
  await expect(item).toBeVisible();
  const color = await item.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = color.match(/\d+/g)?.map(Number) ?? [];
  const isRed = red > 180 && green < 120 && blue < 120;
  expect(isRed, `Messages item colour ${color}`).toBe(state === 'highlighted');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test('a message to company A turns Messages red live for A only, and opening it clears the highlight', async ({
  browser,
  request,
}) => {
  const userA = await createCompanyUser(request, 'A');
  const userB = await createCompanyUser(request, 'B');

  // Both users are already on a page (About Us) when the admin posts.
  const pageA = await openLoggedIn(browser, userA, '/about');
  const pageB = await openLoggedIn(browser, userB, '/about');
  await pageA.evaluate(() => {
    (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
  });
  await expectMessagesItem(pageA, 'plain');
  await expectMessagesItem(pageB, 'plain');

  const admin = await openLoggedIn(browser, e2eAdmin, '/admin/message/overview');
  await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Latest Messages' })).toBeVisible();

  // The 'New' form is hidden by default; the toggle shows it.
  const newToggle = admin.getByRole('button', { name: 'New' });
  await expect(newToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(admin.getByRole('textbox', { name: 'Title', exact: true })).toBeHidden();
  await newToggle.click();
  await expect(newToggle).toHaveAttribute('aria-expanded', 'true');
  // The form slides open; the button is clicked once it is wholly shown, as a person would.
  const create = admin.getByRole('form', { name: 'New message' }).getByRole('button', { name: 'Create' });
  await expect(create).toBeInViewport({ ratio: 1 });

  // Nothing is sent while the messages of PRODUCT.md §5 are listed.
  await create.click();
  for (const text of ['Title is required.', 'Message is required.', 'Company is required.']) {
    await expect(admin.getByText(text, { exact: true })).toBeVisible();
  }

  const title = `Maintenance ${unique('notice')}`;
  await admin.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await admin
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Planned maintenance tonight.\nBack by 6 am.');
  await admin.getByRole('combobox', { name: 'Company' }).click();
  await admin.getByRole('option', { name: userA.companyName }).click();
  await expect(admin.getByText('Title is required.')).toBeHidden();
  await create.click();

  // A successful create hides the form, clears it, and the message heads the table.
  await expect(newToggle).toHaveAttribute('aria-expanded', 'false');
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(userA.companyName);
  await newToggle.click();
  await expect(admin.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  await newToggle.click();

  // The detail dialog keeps the line breaks.
  await row.getByRole('button', { name: `View message ${title}` }).click();
  const detail = admin.getByRole('dialog', { name: 'Message Detail' });
  await expect(detail).toContainText('Published At');
  const body = detail.getByText('Planned maintenance tonight.');
  await expect(body).toBeVisible();
  expect(await body.evaluate((element) => (element as HTMLElement).innerText)).toBe(
    'Planned maintenance tonight.\nBack by 6 am.',
  );
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // A sees red without reloading; B sees nothing.
  await expectMessagesItem(pageA, 'highlighted');
  expect(await pageA.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  await expectMessagesItem(pageB, 'plain');

  // Opening the messages page clears the highlight (and the stored seen count follows the server's).
  const menu = await openAccountMenu(pageA);
  await menu.getByRole('menuitem', { name: 'Messages (new messages)' }).click();
  await expect(pageA).toHaveURL(/\/message\/overview$/);
  await expect(pageA.getByRole('heading', { name: title })).toBeVisible();
  await expect(pageA.getByText('Back by 6 am.')).toBeVisible();
  await expectMessagesItem(pageA, 'plain');
  await expect.poll(() => pageA.evaluate(() => localStorage.getItem('messagesCount'))).toBe('1');

  // B's messages page has nothing.
  await pageB.goto('/message/overview');
  await expect(pageB.getByText('No messages found.')).toBeVisible();
  await expectMessagesItem(pageB, 'plain');

  // The admin deletes it after the confirmation of PRODUCT.md §5; A's open list follows live.
  await row.getByRole('button', { name: `Delete message ${title}` }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this message?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(pageA.getByText('No messages found.')).toBeVisible();
  await expectMessagesItem(pageA, 'plain');
});

test('an admin edits a page; the home review widget embed renders and injected script stays inert', async ({
  browser,
}) => {
  const admin = await openLoggedIn(browser, e2eAdmin, '/admin/content/overview');
  await expect(admin.getByRole('columnheader', { name: 'Html' })).toBeVisible();
  const homeRow = admin.getByRole('row').filter({ hasText: 'Subtitles for your videos, automatically' });
  await homeRow.getByRole('link', { name: /Edit/ }).click();
  await expect(admin).toHaveURL(/\/admin\/content\/detail\/\d+$/);

  const titleInput = admin.getByRole('textbox', { name: 'Title', exact: true });
  const htmlInput = admin.getByRole('textbox', { name: 'Html', exact: true });
  await expect(htmlInput).toHaveAttribute('rows', '13');
  const originalTitle = await titleInput.inputValue();
  const originalHtml = await htmlInput.inputValue();
  const save = admin.getByRole('button', { name: 'Save Changes' });

  // 'Save Changes' is disabled while the form is invalid.
  await titleInput.fill('');
  await expect(save).toBeDisabled();
  await expect(admin.getByText('Title is required.')).toBeVisible();
  await titleInput.fill(originalTitle);
  await expect(save).toBeEnabled();

  const widget =
    '<iframe src="https://reviews.invalid/widget" title="Customer reviews" width="100%" height="120"></iframe>';
  const attacks =
    '<img src="/nowhere.png" alt="x" onerror="window.pwned = 1">' +
    '<script>window.pwned = 2</script><a href="javascript:window.pwned = 3">click</a>';
  await htmlInput.fill(`${originalHtml}${widget}${attacks}`);
  await save.click();
  await expect(admin).toHaveURL(/\/admin\/content\/overview$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: originalTitle, level: 1 })).toBeVisible();
  await expect(visitor.locator('iframe[title="Customer reviews"]')).toHaveAttribute(
    'src',
    'https://reviews.invalid/widget',
  );
  await expect(visitor.getByText('click', { exact: true })).toBeVisible();
  expect(await visitor.locator('main a[href^="javascript:"]').count()).toBe(0);
  expect(await visitor.locator('main script').count()).toBe(0);
  expect(await visitor.locator('main [onerror]').count()).toBe(0);
  expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // Put the home page back as it was.
  await homeRow.getByRole('link', { name: /Edit/ }).click();
  await admin.getByRole('textbox', { name: 'Html', exact: true }).fill(originalHtml);
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin).toHaveURL(/\/admin\/content\/overview$/);
});
