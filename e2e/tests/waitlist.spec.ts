import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpByEmail } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';

/** Screenshots for a person to look at (never committed); unset SHOTS_DIR to skip. */
const SHOTS = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A state-changing API call with the page's session and XSRF token, as the web app makes it. */
async function api(page: Page, method: 'POST' | 'DELETE', path: string, data?: object) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(path, {
    method,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
    data,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res.status() === 204 ? null : ((await res.json()) as { data: Record<string, unknown> });
}

test.use({ timezoneId: 'Europe/Madrid' });

test('a full class: a second client joins the waitlist, the first cancels, the second gets the offer by e-mail and confirms it', async ({
  page,
  browser,
  app,
  smtp,
}) => {
  // A provider with a one-place class the day after tomorrow at 10:00 (Madrid).
  await signUpByEmail(page, smtp, app.url, 'wl-studio@example.com', 'Waitlist Studio');
  await page.goto(`${app.url}/settings/account`);
  await page.getByRole('switch', { name: /I offer services/ }).click();
  await page.getByLabel('Username').fill('wl-studio');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.goto(`${app.url}/schedule`);
  const service = await api(page, 'POST', `${app.url}/api/services`, {
    name: 'Tiny Yoga',
    type: 'class',
    price: 10,
    duration: 60,
    capacity: 1,
  });
  if (!service) throw new Error('the class service was not made');
  const serviceId = Number(service.data.id);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  await api(page, 'POST', `${app.url}/api/repeaters`, {
    service_id: serviceId,
    start_at: `${date} 10:00`,
    repeat_every: null,
    weekdays: [],
  });
  const chooseTime = `${app.url}/wl-studio/${serviceId}/${date}`;

  // The first client takes the only place.
  const first = await (await browser.newContext({ timezoneId: 'Europe/Madrid' })).newPage();
  await signUpByEmail(first, smtp, app.url, 'wl-first@example.com', 'Fran First');
  await first.goto(chooseTime);
  await first.getByRole('button', { name: '10:00 to 11:00' }).click();
  await first.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(first).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  const firstBooking = first.url().split('/').pop() ?? '';
  await first.getByRole('button', { name: 'Confirm' }).click();
  await expect(first.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

  // The second finds it full and joins the waitlist.
  const second = await (await browser.newContext({ timezoneId: 'Europe/Madrid' })).newPage();
  await signUpByEmail(second, smtp, app.url, 'wl-second@example.com', 'Sam Second');
  await second.goto(chooseTime);
  await expect(second.getByText('Full — join the waitlist')).toBeVisible();
  await expectAccessible(second, 'choose a time, a full class with a waitlist');
  await shoot(second, 'choose-time-full');
  await second.getByRole('button', { name: 'Join waitlist for 10:00' }).click();
  await expect(toast(second, 'You are on the waitlist')).toBeVisible();
  await expect(second.getByText('On the waitlist · #1')).toBeVisible();
  await shoot(second, 'choose-time-joined');
  await second.goto(`${app.url}/schedule`);
  await expect(second.getByRole('heading', { name: 'On the waitlist' })).toBeVisible();
  await expect(second.getByText('#1 in line')).toBeVisible();
  await expectAccessible(second, 'My schedule with a waitlist entry');
  await shoot(second, 'my-schedule-waiting');

  // The provider sees the line on the schedule card and in the class panel.
  await page.goto(`${app.url}/schedule`);
  await expect(page.getByText('1 waiting')).toBeVisible();
  await page.getByRole('button', { name: /Tiny Yoga, 10:00 to 11:00/ }).click();
  await page.getByRole('tab', { name: /Waitlist 1/ }).click();
  await expect(page.getByRole('list', { name: 'Waitlist' }).getByText('Sam Second')).toBeVisible();
  await expectAccessible(page, 'class panel, waitlist');
  await shoot(page, 'class-panel-waitlist');

  // The first cancels: the place is held for the second, who is e-mailed a link to confirm it.
  const since = smtp.messages.length;
  await api(first, 'POST', `${app.url}/api/appointments/${firstBooking}/cancel`);
  const offer = await smtp.waitFor('wl-second@example.com', { since });
  expect(offer.subject).toBe('A place came free: Tiny Yoga');
  const link = offer.text?.match(/https?:\/\/\S+\/appointments\/[0-9a-f-]{36}/)?.[0];
  expect(link, 'the e-mail links to the held place').toBeTruthy();
  if (!link) throw new Error('no offer link in the e-mail');
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await shoot(second, 'offer-checkout');
  await second.getByRole('button', { name: 'Confirm' }).click();
  await expect(second.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await second.goto(`${app.url}/schedule`);
  await expect(second.getByRole('heading', { name: 'On the waitlist' })).toHaveCount(0);
  await shoot(second, 'my-schedule-booked');
});
