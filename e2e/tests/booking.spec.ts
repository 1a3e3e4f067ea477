import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { requestLink } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';
import { must } from '../../server/test/support/must.ts';

test.use({ timezoneId: 'Europe/Madrid', acceptDownloads: true });

test('a visitor books a class from the demo page, signs in on the way, confirms, downloads the calendar file and cancels; the provider sees it', async ({
  page,
  browser,
  app,
  smtp,
}) => {
  // Pick a class and a time while signed out.
  await page.goto(`${app.url}/demo`);
  await expectAccessible(page, 'public profile, signed out');
  await page
    .getByRole('link', { name: /Yin & Restore/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/demo\/\d+/);
  await expectAccessible(page, 'choose a time, signed out');
  const firstDay = page.getByRole('radiogroup', { name: 'Days' }).getByRole('radio').first();
  await firstDay.click();
  const time = page.getByRole('button', { name: /^\d{2}:\d{2} to \d{2}:\d{2}$/ }).first();
  await time.click();
  await expect(page).toHaveURL(/\/demo\/\d+\/\d{4}-\d{2}-\d{2}\/\d{2}:\d{2}$/);
  await expectAccessible(page, 'choose a time with a time chosen');
  const chosen = page.url();
  await page.getByRole('button', { name: 'Book', exact: true }).click();

  // Booking needs an account: sign up through the e-mailed link; back on the chosen time, the
  // booking goes on by itself (Book was pressed already).
  await expect(page).toHaveURL(`${app.url}/login`);
  await expectAccessible(page, 'login');
  await page.goto(await requestLink(page, smtp, 'nina@example.com'));
  await page.getByLabel('Name', { exact: true }).fill('Nina Visitor');
  await expectAccessible(page, 'set up your account');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Checkout: pay in person is the only option, so there are no tabs.
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectAccessible(page, 'checkout, pay in person');
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByText('Pay in person').first()).toBeVisible();
  await expectAccessible(page, 'booking confirmed');
  const confirmation = await smtp.waitFor('nina@example.com', { since });
  expect(confirmation.subject).toBe('Booking confirmed: Yin & Restore');
  expect(confirmation.attachments.map((a) => a.filename)).toEqual(['Yin_&_Restore.ics']);

  // The calendar file is valid and places the class at the chosen time.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Yin_&_Restore.ics');
  const event = new ICAL.Event(
    must(
      new ICAL.Component(ICAL.parse(await readFile(must(await download.path(), '(await download.path())'), 'utf8'))).getFirstSubcomponent(
        'vevent',
      ),
      "new ICAL.Component(ICAL.parse(await readFile(must((await download.path()), '(await download.path())'), 'utf8'))).getFirstSubcomponent('vevent')",
    ),
  );
  expect(event.summary).toBe('Yin & Restore');
  expect(event.description).toBe('With Harbour Yoga & Movement');
  const [date, hhmm] = chosen.split('/').slice(-2);
  const start = event.startDate.toJSDate();
  expect(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(start),
  ).toBe(date);
  expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(start)).toBe(hhmm);
  expect((event.endDate.toJSDate().getTime() - start.getTime()) / 60_000).toBe(75);

  // It is on the schedule; cancel it there.
  await page.getByRole('link', { name: 'My schedule' }).click();
  await expect(page).toHaveURL(/\/schedule/);
  await expectAccessible(page, 'My schedule, client');
  await page
    .getByRole('button', { name: new RegExp(`Yin & Restore.*${hhmm}`) })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expectAccessible(page, 'booking on My schedule');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
  await expectAccessible(page, 'cancel dialog');
  await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toast(page, 'Booking cancelled.')).toBeVisible();
  await expectAccessible(page, 'My schedule after cancelling');

  // The provider sees the cancellation in the class's Cancelled tab and in the client panel.
  const studio = await browser.newContext({ timezoneId: 'Europe/Madrid' });
  const p = await studio.newPage();
  await p.goto(`${app.url}/login`);
  await p.goto(await requestLink(p, smtp, 'demo@example.com'));
  await expect(p).toHaveURL(`${app.url}/schedule`);
  await expectAccessible(p, 'schedule, provider');
  await p
    .getByRole('button', { name: new RegExp(`Yin & Restore.*${hhmm}`) })
    .first()
    .click();
  await p.getByRole('tab', { name: /Cancelled 1/ }).click();
  await expectAccessible(p, 'class panel, cancelled tab');
  await p.getByRole('button', { name: /Nina Visitor/ }).click();
  const panel = p.getByRole('dialog', { name: /Nina Visitor/ });
  await expect(panel.getByRole('link', { name: 'nina@example.com' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: /Upcoming 1/ })).toBeVisible();
  await expect(panel.getByText('Cancelled').first()).toBeVisible();
  await expectAccessible(p, 'client panel');
  await studio.close();
});
