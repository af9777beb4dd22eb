import { expect, type Page } from '@playwright/test';
import { mailCatcherUrl } from '../../../playwright.config';
import type { ReceivedMail } from '../../support/mail-parse';

/**
 * The latest e-mail to `to` whose subject matches, as the app's SMTP server received it, once at
 * least `count` such have arrived.
 */
export async function latestMail(to: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as ReceivedMail[];
        const matching = messages.filter((mail) => subject.test(mail.subject));
        found = matching.at(-1);
        return matching.length >= count;
      },
      { timeout: 15_000, message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The first link in the mail's text that contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = mail.links.find((url) => url.includes(part));
  expect(link, mail.text).toBeDefined();
  return link as string;
}

/** Confirms the user's address by the link sign-up e-mailed, as buying credits needs. */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  const mail = await latestMail(email, /Confirm your e-mail address/);
  await page.goto(linkIn(mail, '/verify-email#token='));
  await expect(page.getByRole('status')).toHaveText(/Your e-mail address is confirmed/);
}
