import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { e2eAdmin, llmBaseUrl } from '../../playwright.config';
import { createCompanyUser, signIn } from './support/accounts';
import { makeSpeechClip } from './support/media';
import { chooseFile } from './support/upload-form';

// This instance has a language model (a local fake of an OpenAI-compatible endpoint) and no Google key.
test.use({ baseURL: llmBaseUrl });

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function generate(page: Page, input: string, output: string) {
  await page.goto('/');
  await chooseFile(page, /^Video \(MP4\)/, makeSpeechClip());
  await choose(page, 'Input language', input);
  await choose(page, 'Output language', output);
  await expect(page.getByRole('combobox', { name: 'Output language' })).toHaveValue(output);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/videos$/, { timeout: 10_000 });
}

async function newestSrtTexts(page: Page): Promise<string[]> {
  const row = page.locator('tbody tr').filter({ hasText: 'speech-sample.mp4' }).first();
  await expect(row.getByRole('button', { name: 'Download SRT of speech-sample.mp4' })).toBeVisible({
    timeout: 90_000,
  });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download SRT of speech-sample.mp4' }).click();
  const srt = readFileSync(await (await download).path(), 'utf8');
  return srt
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').slice(2).join(' '));
}

test('English to Japanese without Google: subtitles in Japanese script', async ({ page, request }) => {
  test.setTimeout(150_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await generate(page, 'English', 'Japanese');
  const texts = await newestSrtTexts(page);
  expect(texts.length).toBeGreaterThan(1);
  for (const text of texts)
    expect(text, text).toMatch(/^[\p{Script=Katakana}\p{Script=Han}\p{Script=Hiragana}\p{P}\s\d]+$/u);
});

test('Dutch to German without Google: subtitles in German', async ({ page, request }) => {
  test.setTimeout(150_000);
  const user = await createCompanyUser(request, { credits: 5 });
  await signIn(page, user);
  await generate(page, 'Dutch', 'German');
  const texts = await newestSrtTexts(page);
  expect(texts.length).toBeGreaterThan(1);
  // The fake marks its German translations; the speech was never sent anywhere but the local model.
  for (const text of texts) expect(text).toMatch(/^de: \p{Script=Latin}/u);
});

test('a user keeps the company glossary under My Account, and exports it as CSV', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { credits: 0 });
  await signIn(page, user);
  // The signed-in header is drawn by a page loaded after the sign-in.
  await page.goto('/');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Glossary' }).click();
  await expect(page.getByRole('heading', { name: 'Glossary' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Term' }).fill('Kubernetes');
  await page.getByRole('button', { name: 'Add Term' }).click();
  const table = page.getByRole('table', { name: 'Glossary terms' });
  await expect(table.getByRole('row', { name: /Kubernetes\s+Kept as written/ })).toBeVisible();

  await page.getByRole('textbox', { name: 'Term' }).fill('zorgverzekeraar');
  await page.getByText('Fixed translations', { exact: true }).click();
  await page.getByRole('textbox', { name: 'German' }).fill('Krankenversicherer');
  await page.getByRole('button', { name: 'Add Term' }).click();
  await expect(
    table.getByRole('row', { name: /zorgverzekeraar\s+German: Krankenversicherer/ }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[1]).toBe('Kubernetes,yes,,,,,,,,,,,,,,');
  expect(csv).toContain('zorgverzekeraar,no,,,,Krankenversicherer,');

  await table.getByRole('button', { name: 'Remove Kubernetes' }).click();
  await expect(table.getByText('Kubernetes')).toHaveCount(0);
});

test("admins see whether the language model answers, and keep any company's glossary", async ({
  page,
  request,
}) => {
  const customer = await createCompanyUser(request, { credits: 0 });
  await signIn(page, e2eAdmin);
  await page.goto('/admin/overview');
  const engines = page.getByRole('region', { name: 'Engines' }).or(page.getByLabel('Engines'));
  await expect(engines.getByText('Language model (fake-model)')).toBeVisible();
  await expect(engines.getByText('Answering')).toBeVisible();
  await expect(engines.getByText(/translation: language model fake-model/)).toBeVisible();

  await page.goto(`/company/detail/${customer.companyId}`);
  await expect(page.getByRole('heading', { name: 'Glossary' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Term' }).fill('Zorgverzekeraar XYZ');
  await page.getByRole('button', { name: 'Add Term' }).click();
  await expect(
    page.getByRole('table', { name: 'Glossary terms' }).getByRole('row', { name: /Zorgverzekeraar XYZ/ }),
  ).toBeVisible();
});
