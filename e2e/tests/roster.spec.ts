import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { requestLink, signUpByEmail } from '../support/sign-in.ts';
import { holdDemoYin, toast } from '../support/ui.ts';

test.use({ timezoneId: 'Europe/Madrid' });

/** Screenshots for a person to look at (never committed): SHOTS_DIR, by default /tmp/shots-roster. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-roster';

async function shots(page: Page, name: string, fullPage = false) {
  await mkdir(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  if (original) await page.setViewportSize(original);
}

test('a client moves a class booking to another occurrence; the provider checks clients in from the roster at 375 px', async ({
  page,
  browser,
  app,
  smtp,
}) => {
  // A client books a Yin & Restore class two days ahead and confirms it (pay in person).
  await signUpByEmail(page, smtp, app.url, 'mover@example.com', 'Milo Mover');
  await holdDemoYin(page, app.url, 2);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const bookingUrl = page.url();
  const before = await page
    .getByText(/^\w+day, \d{1,2} \w+ \d{4}$/)
    .first()
    .textContent();

  // Change time opens Choose time in move mode with the current time marked.
  const changeTime = page.getByRole('link', { name: 'Change time' });
  await expect(changeTime).toBeVisible();
  await shots(page, 'booking-page-change-time');
  await changeTime.click();
  await expect(page).toHaveURL(/\/demo\/\d+\?move=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
  await expect(page.getByRole('button', { name: / Current time$/ })).toBeDisabled();
  await expectAccessible(page, 'choose a time, moving a booking');
  await shots(page, 'choose-time-current-time', true);

  // Another occurrence, a day later: the page asks to confirm, then shows the booking at its new time.
  await page.getByRole('radiogroup', { name: 'Days' }).getByRole('radio').nth(3).click();
  await page
    .getByRole('button', { name: /^\d{2}:\d{2} to \d{2}:\d{2}$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\?move=/);
  await expect(page.getByText(/^Move to \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\?$/)).toBeVisible();
  await shots(page, 'choose-time-move-mode');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page).toHaveURL(bookingUrl);
  await expect(toast(page, 'Booking moved')).toBeVisible();
  const after = await page
    .getByText(/^\w+day, \d{1,2} \w+ \d{4}$/)
    .first()
    .textContent();
  expect(after).not.toBe(before);
  await expectAccessible(page, 'booking page after moving');

  // The provider, on a phone, checks the clients of a past class in: one press each, kept on reload.
  const studio = await browser.newContext({ timezoneId: 'Europe/Madrid', viewport: { width: 375, height: 812 } });
  const p = await studio.newPage();
  await p.goto(`${app.url}/login`);
  await p.goto(await requestLink(p, smtp, 'demo@example.com'));
  await expect(p).toHaveURL(`${app.url}/schedule`);
  await p.goto(`${app.url}/schedule/past`);
  await p
    .getByRole('button', { name: /Yin & Restore/ })
    .first()
    .click();
  const panel = p.getByRole('dialog', { name: 'Booking details' });
  const roster = panel.getByRole('list', { name: 'Roster' });
  // The demo's latest Yin class: its regulars (from eight weeks of history) and Lucía and Tom, not checked in yet.
  await expect(roster.getByRole('listitem').first()).toBeVisible();
  await expect(roster.getByText(/^(Paid|Unpaid)$/).first()).toBeVisible();
  const first = roster.getByRole('group', { name: 'Check-in: Lucía Romero' });
  const attended = first.getByRole('button', { name: 'Attended' });
  const box = await attended.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await attended.click();
  await expect(attended).toHaveAttribute('aria-pressed', 'true');
  const second = roster.getByRole('group', { name: 'Check-in: Tom Becker' });
  await second.getByRole('button', { name: 'No-show' }).click();
  await expect(second.getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(p, 'class roster with check-in');
  await shots(p, 'roster');

  await p.reload();
  await p
    .getByRole('button', { name: /Yin & Restore/ })
    .first()
    .click();
  const again = (name: string) => p.getByRole('dialog', { name: 'Booking details' }).getByRole('group', { name: `Check-in: ${name}` });
  await expect(again('Lucía Romero').getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'true');
  // Pressing the mark again takes it back.
  await again('Tom Becker').getByRole('button', { name: 'No-show' }).click();
  await expect(again('Tom Becker').getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'false');
  await studio.close();
});
