import { expect, type Page } from '@playwright/test';
import type { Inbox } from './smtp.ts';
import { must } from '../../server/test/support/must.ts';

/** Asks for a sign-in link on the login page and returns the link that arrives by SMTP. */
export async function requestLink(page: Page, smtp: Inbox, email: string): Promise<string> {
  const since = smtp.messages.length;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  // Only the sign-in e-mail: the address may get booking e-mails meanwhile (a provider's, say).
  const mail = await smtp.waitFor(email, { since, subject: /sign-in link|Finish creating your Slotted account/ });
  const link = mail.text?.match(/https?:\/\/\S+\/magic-link\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, 'the e-mail carries a sign-in link').toBeTruthy();
  return must(link, 'link');
}

/** Signs a new person up through the e-mailed link; they land on their schedule. */
export async function signUpByEmail(page: Page, smtp: Inbox, appUrl: string, email: string, name: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.goto(await requestLink(page, smtp, email));
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${appUrl}/schedule`);
}
