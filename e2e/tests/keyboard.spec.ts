import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { tabTo } from '../support/keyboard.ts';
import type { Inbox } from '../support/smtp.ts';
import { toast } from '../support/ui.ts';
import { must } from '../../server/test/support/must.ts';

// Keyboard only: no click, no fill. Tab, Shift+Tab, Enter, Space, Escape and the arrow keys.
test.use({ timezoneId: 'Europe/Madrid' });

/** Signs in (signing up when `name` is given) through the e-mailed link, typing on the keyboard. */
async function signInByKeyboard(page: Page, smtp: Inbox, appUrl: string, email: string, name?: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  const since = smtp.messages.length;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await smtp.waitFor(email, { since });
  await page.goto(
    must(
      must(mail.text, 'mail.text').match(/https?:\/\/\S+\/magic-link\/[A-Za-z0-9_-]{43}/),
      "must(mail.text, 'mail.text').match(/https?:\\/\\/\\S+\\/magic-link\\/[A-Za-z0-9_-]{43}/)",
    )[0],
  );
  if (name) {
    await tabTo(page, page.getByLabel('Name', { exact: true }));
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(`${appUrl}/schedule`);
}

test('a client books a class and cancels it with the keyboard only', async ({ page, app, smtp }) => {
  await signInByKeyboard(page, smtp, app.url, 'kai@example.com', 'Kai Keys');

  await page.goto(`${app.url}/demo`);
  await tabTo(page, page.getByRole('link', { name: /Yin & Restore/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo\/\d+$/);

  // The days are one stop: arrows choose another day, and the next Tab is that day's first time.
  const days = page.getByRole('radiogroup', { name: 'Days' });
  await tabTo(page, days.getByRole('radio', { checked: true }));
  // Each arrow chooses a day, which is a new path: the next press goes to the new page's strip.
  for (const index of [1, 2]) {
    await page.keyboard.press('ArrowRight');
    await expect(days.getByRole('radio').nth(index)).toHaveAttribute('aria-checked', 'true');
    await expect(days.getByRole('radio').nth(index)).toBeFocused();
  }
  await expect(page).toHaveURL(/\/demo\/\d+\/\d{4}-\d{2}-\d{2}$/);
  await page.keyboard.press('Tab');
  const time = page.getByRole('button', { name: /^\d{2}:\d{2} to \d{2}:\d{2}$/ }).first();
  await expect(time).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo\/\d+\/\d{4}-\d{2}-\d{2}\/\d{2}:\d{2}$/);
  await expect(page.getByRole('button', { name: /^\d{2}:\d{2} to \d{2}:\d{2}$/, pressed: true })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Book', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

  // The cancel dialog: Escape closes it and focus is back on its opener; then cancel for real.
  const cancel = page.getByRole('button', { name: 'Cancel booking' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel booking' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Booking cancelled.')).toBeVisible();
});

test('a provider adds a service and a time off with the keyboard only', async ({ page, app, smtp }) => {
  await signInByKeyboard(page, smtp, app.url, 'demo@example.com');

  await page.goto(`${app.url}/services`);
  const addService = page.getByRole('button', { name: 'Add service' }).first();
  await tabTo(page, addService);
  await page.keyboard.press('Enter');
  const service = page.getByRole('dialog', { name: /service/ });
  await expect(service.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard Stretch');
  await tabTo(page, service.getByLabel('Price'));
  await page.keyboard.type('18');
  await tabTo(page, service.getByLabel('Duration (minutes)'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('45');
  await tabTo(page, service.getByRole('button', { name: 'Create service' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Service created')).toBeVisible();
  await expect(service).toBeHidden();
  await expect(addService).toBeFocused();
  await expect(page.getByText('Keyboard Stretch')).toBeVisible();

  await page.goto(`${app.url}/availability/unavailable-days`);
  const addTimeOff = page.getByRole('button', { name: 'Add time off' }).first();
  await tabTo(page, addTimeOff);
  await page.keyboard.press('Enter');
  const timeOff = page.getByRole('dialog', { name: 'Add time off' });
  await tabTo(page, timeOff.getByLabel('Note'));
  await page.keyboard.type('Conference');
  await tabTo(page, timeOff.getByRole('button', { name: 'Add time off' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Time off added')).toBeVisible();
  await expect(timeOff).toBeHidden();
  // The studio had no time off: the empty state's button gave way to the list's, which has the focus.
  await expect(addTimeOff).toBeFocused();
  await expect(page.getByText('Conference')).toBeVisible();
});
