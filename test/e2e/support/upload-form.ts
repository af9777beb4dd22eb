import type { Page } from '@playwright/test';

/** Picks a file through the browser's file chooser, as a user clicking the field would. */
export async function chooseFile(page: Page, label: string | RegExp, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: typeof label === 'string' }).click();
  await (await chooser).setFiles(file);
}

/** Slows the browser's uploads so the progress bar has time to show (bytes per second). */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}
