import type { Page } from '@playwright/test';

/** A visible toast with this title (not the screen-reader announcement that duplicates it). */
export function toast(page: Page, title: string | RegExp) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: typeof title === 'string' })
    .first();
}
