import { expect, test } from '../support/fixtures.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { requestLink, signUpByEmail } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';

test.use({ timezoneId: 'Europe/Madrid' });

const FREE_TIME = /^\d{2}:\d{2} to \d{2}:\d{2}$/;

test('a client moves a 1:1 booking to another day; the booking page and the provider’s schedule show the new time', async ({
  page,
  browser,
  app,
  smtp,
}) => {
  // A client books the demo's 1:1 Mobility Session three bookable days ahead (pay in person).
  await signUpByEmail(page, smtp, app.url, 'one-to-one@example.com', 'Olga One');
  await page.goto(`${app.url}/demo`);
  await page
    .getByRole('link', { name: /1:1 Mobility Session/ })
    .first()
    .click();
  const days = page.getByRole('radiogroup', { name: 'Days' }).getByRole('radio');
  await days.nth(2).click();
  await page.getByRole('button', { name: FREE_TIME }).first().click();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const bookingUrl = page.url();
  const dateLine = page.getByText(/^\w+day, \d{1,2} \w+ \d{4}$/).first();
  const before = await dateLine.textContent();

  // Change time: the booking's own start is marked and cannot be chosen.
  await page.getByRole('link', { name: 'Change time' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Current time$/ })).toBeDisabled();
  await expectAccessible(page, 'choose a new time for a 1:1');

  // Two days later, the first free start; the page asks before moving.
  await days.nth(4).click();
  const target = page.getByRole('button', { name: FREE_TIME }).first();
  const newTime = (await target.getAttribute('aria-label'))?.slice(0, 5);
  await target.click();
  await expect(page.getByText(/^Move to \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\?$/)).toBeVisible();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page).toHaveURL(bookingUrl);
  await expect(toast(page, 'Booking moved')).toBeVisible();
  await expect(dateLine).not.toHaveText(before ?? '');
  await expect(page.getByText(`${newTime} –`).first()).toBeVisible();

  // The provider sees the booking once, at its new time.
  const studio = await browser.newContext({ timezoneId: 'Europe/Madrid' });
  const p = await studio.newPage();
  await p.goto(`${app.url}/login`);
  await p.goto(await requestLink(p, smtp, 'demo@example.com'));
  await expect(p).toHaveURL(`${app.url}/schedule`);
  const cards = p.getByRole('article').filter({ hasText: 'Olga One' });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('button', { name: new RegExp(`^1:1 Mobility Session, ${newTime} to`) })).toBeVisible();
  await studio.close();
});
