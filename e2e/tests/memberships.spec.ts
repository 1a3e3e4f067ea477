import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { requestLink, signUpByEmail } from '../support/sign-in.ts';
import { holdDemoYin, toast } from '../support/ui.ts';

test.use({ timezoneId: 'Europe/Madrid' });

const PLAN = 'Evening Class Card';

/**
 * Books a Yin & Restore class `daysAhead` bookable days into the strip (far enough ahead to be
 * inside the demo studio's 24-hour refund window), paying with the membership; returns its time.
 */
async function bookYinWithMembership(page: Page, appUrl: string, dayIndex: number): Promise<string> {
  const chosen = await holdDemoYin(page, appUrl, dayIndex);

  // Pay in person and the membership are both offered; the membership is chosen, the plan preselected.
  const tabs = page.getByRole('tablist', { name: 'Payment options' });
  await expect(tabs.getByRole('tab', { name: 'My memberships' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: new RegExp(PLAN) })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByText('Included in your membership').first()).toBeVisible();
  await expectAccessible(page, 'booking confirmed with a membership');
  return chosen;
}

test('the provider sells a class membership; a client buys it, books two classes with it, cancels one and gets the credit back; the provider sees the sale', async ({
  page,
  browser,
  app,
  smtp,
}) => {
  // Two people, a plan, a purchase, three bookings and a cancellation: a long journey.
  test.setTimeout(180_000);
  // The studio creates a monthly membership with four Yin & Restore classes a month.
  const studio = await browser.newContext({ timezoneId: 'Europe/Madrid' });
  const p = await studio.newPage();
  await p.goto(`${app.url}/login`);
  await p.goto(await requestLink(p, smtp, 'demo@example.com'));
  await expect(p).toHaveURL(`${app.url}/schedule`);
  await p.goto(`${app.url}/plans`);
  await expectAccessible(p, 'plans, provider');
  await p.getByRole('button', { name: 'Add plan' }).click();
  const drawer = p.getByRole('dialog', { name: 'Add plan' });
  await drawer.getByLabel('Name').fill(PLAN);
  await drawer.getByLabel('Price').fill('60');
  await drawer.getByRole('button', { name: 'Add benefit' }).click();
  await drawer.getByPlaceholder('e.g. 5 class passes included').fill('4 evening classes a month');
  await drawer.getByRole('button', { name: 'Add service' }).click();
  // A scroll closes the list, as it does a native select's: the list is brought into view before it
  // is opened (as a person would), so that the scroll Playwright makes before a click, whose event
  // can come after the list has opened on a busy machine, does not close it. Then search and pick
  // with the keyboard: clicking an option low in the drawer would scroll the drawer too.
  const services = drawer.getByRole('combobox', { name: 'Services' });
  await services.scrollIntoViewIfNeeded();
  await p.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
  await services.click();
  await p.getByRole('searchbox').fill('Yin');
  await p.keyboard.press('Enter');
  await drawer.getByLabel('Quantity').fill('4');
  await expect(drawer.getByRole('combobox', { name: 'Services' })).toHaveText(/Yin & Restore/);
  await expectAccessible(p, 'Add plan panel');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(p, 'Plan created')).toBeVisible();
  await expect(p.getByRole('row', { name: new RegExp(`${PLAN}.*€60\\.00/month`) })).toBeVisible();

  // A visitor buys it from the public page, signing up on the way; the purchase resumes after sign-in.
  await page.goto(`${app.url}/demo`);
  await page.getByRole('tab', { name: 'Plans' }).click();
  await expectAccessible(page, 'public profile, plans tab, signed out');
  await page.getByRole('button', { name: `Get membership: ${PLAN}` }).click();
  await expect(page).toHaveURL(`${app.url}/login`);
  await page.goto(await requestLink(page, smtp, 'mia@example.com'));
  await page.getByLabel('Name', { exact: true }).fill('Mia Member');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/memberships\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expectAccessible(page, 'membership checkout');
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await expectAccessible(page, 'membership bought');
  await smtp.waitFor('mia@example.com', { since });

  // Two classes paid with credits; My passes shows them used.
  const first = await bookYinWithMembership(page, app.url, 3);
  await bookYinWithMembership(page, app.url, 4);
  await page.goto(`${app.url}/memberships`);
  const card = page.getByRole('article').filter({ hasText: PLAN });
  await expect(card.getByText('2 / 4 used')).toBeVisible();
  await expectAccessible(page, 'My passes, memberships');

  // Cancelling one more than 24 hours ahead (inside the refund window) gives its credit back.
  await page.goto(`${app.url}/schedule`);
  await page
    .getByRole('button', { name: new RegExp(`Yin & Restore.*${first}`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toast(page, 'Booking cancelled.')).toBeVisible();
  await page.goto(`${app.url}/memberships`);
  await expect(card.getByText('1 / 4 used')).toBeVisible();

  // The studio sees the membership in the client panel, takes the money at the desk, and the sale counts.
  await p.goto(`${app.url}/clients`);
  await expectAccessible(p, 'clients, provider');
  await p.getByRole('button', { name: /Mia Member/ }).click();
  const panel = p.getByRole('dialog', { name: /Mia Member/ });
  const row = panel.getByRole('list', { name: 'Memberships' }).getByRole('listitem').filter({ hasText: PLAN });
  await expect(row.getByText('1 / 4 used')).toBeVisible();
  await expectAccessible(p, 'client panel with a membership');
  await row.getByRole('button', { name: /Mark as paid/ }).click();
  await expect(row.getByRole('button', { name: /Mark as paid/ })).toHaveCount(0);
  await p.goto(`${app.url}/plans`);
  await expect(p.getByRole('row', { name: new RegExp(`${PLAN}.*1 sold · €60\\.00`) })).toBeVisible();
  await studio.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a client with no passes sees the empty My passes pages', async ({ page, app, smtp }) => {
    await signUpByEmail(page, smtp, app.url, 'noah@example.com', 'Noah Newcomer');
    await page.goto(`${app.url}/memberships`);
    await expect(page.getByText('You have no memberships')).toBeVisible();
    await expectAccessible(page, 'My passes, no memberships');
    await page.goto(`${app.url}/purchases/services`);
    await expect(page.getByText('You have no purchases')).toBeVisible();
    await expectAccessible(page, 'My passes, no purchases');
  });
});
