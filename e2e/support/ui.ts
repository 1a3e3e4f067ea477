import { expect, type Page } from '@playwright/test';
import { must } from '../../server/test/support/must.ts';

/** A visible toast with this title (not the screen-reader announcement that duplicates it). */
export function toast(page: Page, title: string | RegExp) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: typeof title === 'string' })
    .first();
}

/**
 * Holds a Yin & Restore class of the demo studio `dayIndex` bookable days into the strip (from 1,
 * inside its 24-hour refund window) and lands on its checkout; returns the time chosen ('HH:MM').
 */
export async function holdDemoYin(page: Page, appUrl: string, dayIndex: number): Promise<string> {
  await page.goto(`${appUrl}/demo`);
  await page
    .getByRole('link', { name: /Yin & Restore/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/demo\/\d+/);
  await page.getByRole('radiogroup', { name: 'Days' }).getByRole('radio').nth(dayIndex).click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2} to \d{2}:\d{2}$/ })
    .first()
    .click();
  const chosen = must(page.url().split('/').pop(), "page.url().split('/').pop()");
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  return chosen;
}
