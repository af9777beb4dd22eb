import type { Download, Locator, Page } from '@playwright/test';

/**
 * Opens the "More formats" menu of the video titled `title` (its row on My Videos, or the editor's header)
 * and answers the menu.
 */
export async function openMoreFormats(page: Page, title: string, within: Page | Locator = page) {
  await within.getByRole('button', { name: `More formats for ${title}` }).click();
  return page.getByRole('menu');
}

/** Downloads one format from the "More formats" menu of the video titled `title`. */
export async function downloadFormat(
  page: Page,
  title: string,
  format: string,
  within: Page | Locator = page,
): Promise<Download> {
  await openMoreFormats(page, title, within);
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return download;
}
