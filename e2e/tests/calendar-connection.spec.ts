import { mkdirSync } from 'node:fs';
import { Temporal } from 'temporal-polyfill';
import { startRadicale, type Radicale } from '../../server/test/support/radicale.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpByEmail } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';

/** Where the journey leaves its screenshots of Settings → Calendar (never committed). */
const SHOTS = '/tmp/shots-caldav';

test.describe('a provider connects their calendar', () => {
  test.use({ timezoneId: 'Europe/Madrid' });
  let radicale: Radicale;
  test.beforeAll(async () => {
    radicale = await startRadicale();
  });
  test.afterAll(async () => {
    await radicale.close();
  });

  test('an event in the connected calendar takes its time off Choose time', async ({ page, app, smtp }) => {
    await signUpByEmail(page, smtp, app.url, 'caldav-studio@example.com', 'Calendar Studio');
    await page.goto(`${app.url}/settings/account`);
    await page.getByRole('switch', { name: /I offer services/ }).click();
    await page.getByLabel('Username').fill('caldav-studio');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await page.goto(`${app.url}/services`);
    await page
      .getByRole('button', { name: /Add service|New service/ })
      .first()
      .click();
    await page.getByLabel('Name', { exact: true }).fill('Consultation');
    await page.getByRole('radio', { name: /^Appointment/ }).click();
    await page.getByLabel('Price').fill('30');
    await page.getByLabel('Price').blur();
    await page.getByLabel('Duration (minutes)').fill('60');
    await page.getByRole('button', { name: 'Create service' }).click();
    await expect(toast(page, 'Service created')).toBeVisible();

    // A Tuesday to Thursday at least two days ahead, 10:00 to 11:00 in Madrid, in the calendar.
    let day = Temporal.Now.plainDateISO('Europe/Madrid').add({ days: 2 });
    while (day.dayOfWeek < 2 || day.dayOfWeek > 4) day = day.add({ days: 1 });
    const utc = (time: string) =>
      Temporal.PlainDateTime.from(`${day.toString()}T${time}`)
        .toZonedDateTime('Europe/Madrid')
        .toInstant()
        .toString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+/, '');
    const calendar = await radicale.calendar('work', 'Work');
    await radicale.put(
      calendar,
      'dentist',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//e2e//EN',
        'BEGIN:VEVENT',
        'UID:dentist',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${utc('10:00')}`,
        `DTEND:${utc('11:00')}`,
        'SUMMARY:Dentist',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );

    // Choose time offers 10:00 that day.
    await page.goto(`${app.url}/caldav-studio`);
    await page
      .getByRole('link', { name: /Consultation/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/caldav-studio\/\d+/);
    const chooseTime = `${page.url().replace(/\/$/, '')}/${day.toString()}`;
    await page.goto(chooseTime);
    await expect(page.getByRole('button', { name: /^10:00 to 11:00$/ })).toBeEnabled();

    // Settings → Calendar → Connect a calendar.
    await page.goto(`${app.url}/settings/calendar`);
    await expectAccessible(page, 'calendar settings, nothing connected');
    await page.getByLabel('Server address').fill(radicale.url);
    await page.getByLabel('User name').fill(radicale.user);
    await page.getByLabel('App password').fill('wrong');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText(/refused this user name and password/)).toBeVisible();
    await page.getByLabel('App password').fill(radicale.password);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(toast(page, 'Calendar connected')).toBeVisible();
    await expect(page.getByText('Work', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Synced /)).toBeVisible();
    await expectAccessible(page, 'calendar settings, connected');
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/settings-calendar-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/settings-calendar-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The event's time is taken now.
    await page.goto(chooseTime);
    await expect(page.getByRole('button', { name: '10:00, taken' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^11:00 to 12:00$/ })).toBeEnabled();
  });
});
