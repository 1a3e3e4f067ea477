import { Temporal } from 'temporal-polyfill';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpByEmail } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';

/** What a New York clock reads when it is `time` on `date` in Madrid. */
function inNewYork(date: string, time: string): { date: string; time: string } {
  const ny = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime('Europe/Madrid').withTimeZone('America/New_York');
  return { date: ny.toPlainDate().toString(), time: ny.toPlainTime().toString().slice(0, 5) };
}

test.describe('a provider publishes their offer', () => {
  test.use({ timezoneId: 'Europe/Madrid' });

  test('services, hours, policies and a weekly class, seen by a visitor in New York', async ({ page, browser, app, smtp }) => {
    // The account takes the browser's zone (Madrid) when it is created.
    await signUpByEmail(page, smtp, app.url, 'studio@example.com', 'Sea Studio');
    await page.goto(`${app.url}/settings/account`);
    await page.getByRole('switch', { name: /I offer services/ }).click();
    await page.getByLabel('Username').fill('sea-studio');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await expectAccessible(page, 'account settings, provider');

    // A new provider's Insights: nothing counted yet, and the way to get bookings.
    await page.getByRole('link', { name: 'Insights' }).click();
    await expect(page.getByText('No bookings yet this week')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Share your booking page' }).first()).toHaveAttribute('href', '/sea-studio');

    // Two services: a 1:1 appointment and a class.
    await page.goto(`${app.url}/services`);
    await expect(page.getByText('Create your first service')).toBeVisible();
    await expectAccessible(page, 'services, none yet');
    for (const s of [
      { name: 'Sports massage', type: /^Appointment/, price: '45,5', duration: '60' },
      { name: 'Sunset Yoga', type: /^Class/, price: '12', duration: '75' },
    ]) {
      await page
        .getByRole('button', { name: /Add service|New service/ })
        .first()
        .click();
      await page.getByLabel('Name', { exact: true }).fill(s.name);
      await expectAccessible(page, 'Add service dialog');
      await page.getByRole('radio', { name: s.type }).click();
      await page.getByLabel('Price').fill(s.price);
      await page.getByLabel('Price').blur();
      await page.getByLabel('Duration (minutes)').fill(s.duration);
      await page.getByRole('button', { name: 'Create service' }).click();
      await expect(toast(page, 'Service created')).toBeVisible();
    }
    await expect(page.getByText('€45.50')).toBeVisible();
    await expectAccessible(page, 'services');

    // Working hours: Mondays end at 13:00.
    await page.goto(`${app.url}/availability`);
    await expectAccessible(page, 'working hours');
    await page.getByRole('combobox', { name: 'Monday to' }).fill('13:00');
    await page.getByRole('combobox', { name: 'Monday to' }).blur();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Availability updated')).toBeVisible();

    // Policies: book at most two weeks ahead.
    await page.goto(`${app.url}/availability/policies`);
    await expectAccessible(page, 'policies');
    await page.getByRole('combobox', { name: 'Advance booking' }).click();
    await page.getByRole('option', { name: /14 days/ }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Policies updated')).toBeVisible();

    // A weekly class from tomorrow at 18:30.
    await page.goto(`${app.url}/schedule`);
    await page.getByRole('button', { name: 'Add a Class' }).first().click();
    await page.getByRole('combobox', { name: 'Time' }).fill('18:30');
    await expectAccessible(page, 'Add a Class panel');
    await page.getByRole('combobox', { name: 'Time' }).blur();
    await page.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Every week' }).click();
    const startDate = await page.getByLabel('Start date').inputValue();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Sunset Yoga is now live!')).toBeVisible();
    await expect(page.getByText('18:30').first()).toBeVisible();
    await expectAccessible(page, 'schedule with a weekly class');

    // A signed-out visitor in New York.
    const visitor = await browser.newContext({ timezoneId: 'America/New_York' });
    const v = await visitor.newPage();
    await v.goto(`${app.url}/sea-studio`);
    await expect(v.getByRole('heading', { name: 'Sea Studio' })).toBeVisible();
    await expectAccessible(v, 'a new provider’s public profile');
    await v
      .getByRole('link', { name: /Sunset Yoga/ })
      .first()
      .click();
    await expect(v.getByText(/Times in New York time/)).toBeVisible();
    const first = inNewYork(startDate, '18:30');
    await expect(v).toHaveURL(new RegExp(`/sea-studio/\\d+`));
    await v.goto(`${v.url().replace(/\/$/, '')}/${first.date}`);
    await expect(v.getByRole('button', { name: new RegExp(`^${first.time}`) }).first()).toBeVisible();

    // The massage's first Monday time is 08:00 in Madrid: what New York reads then.
    await v.goto(`${app.url}/sea-studio`);
    await v
      .getByRole('link', { name: /Sports massage/ })
      .first()
      .click();
    let monday = Temporal.Now.plainDateISO('Europe/Madrid').add({ days: 1 });
    while (monday.dayOfWeek !== 1) monday = monday.add({ days: 1 });
    const open = inNewYork(monday.toString(), '08:00');
    const last = inNewYork(monday.toString(), '12:00');
    // The click navigates once the page's chunk is in: read the address only after it changed.
    await expect(v).toHaveURL(new RegExp(`/sea-studio/\\d+`));
    await v.goto(`${v.url().replace(/\/$/, '')}/${open.date}`);
    await expect(v.getByRole('button', { name: new RegExp(`^${open.time}`) }).first()).toBeVisible();
    await expect(v.getByRole('button', { name: new RegExp(`^${last.time}`) }).first()).toBeVisible();
    // Mondays end at 13:00 Madrid now, so no 13:00 start.
    await expect(v.getByRole('button', { name: new RegExp(`^${inNewYork(monday.toString(), '13:00').time}`) })).toHaveCount(0);
    await visitor.close();
  });
});
