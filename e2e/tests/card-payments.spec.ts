import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { requestLink, signUpByEmail } from '../support/sign-in.ts';
import { holdDemoYin, toast } from '../support/ui.ts';
import { must } from '../../server/test/support/must.ts';

// Card payments through the Stripe test server; Stripe.js is the stand-in (support/stripe-js.ts).
test.use({ timezoneId: 'Europe/Madrid', stripe: true });

/** The demo studio connects its Stripe account from Settings → Payments (the test server's onboarding completes it). */
async function connectDemoStudio(page: Page, appUrl: string, smtp: Parameters<typeof requestLink>[1]) {
  await page.goto(`${appUrl}/login`);
  await page.goto(await requestLink(page, smtp, 'demo@example.com'));
  await expect(page).toHaveURL(`${appUrl}/schedule`);
  await page.goto(`${appUrl}/settings/payments`);
  await page.getByRole('link', { name: 'Connect with Stripe' }).click();
  // Stripe's onboarding sends the provider back to the payments settings, now connected.
  await expect(page).toHaveURL(new RegExp(`^${appUrl}/settings/payments`));
  await expect(page.getByRole('link', { name: 'Connect with Stripe' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toBeVisible();
  await expectAccessible(page, 'payment settings, connected');
}

test('a provider connects Stripe; a client pays now for a class (a declined card first), cancels inside the refund window and sees the refund, then pays through 3-D Secure', async ({
  page,
  browser,
  app,
  smtp,
  stripeServer,
}) => {
  test.setTimeout(120_000);
  const studio = await browser.newContext({ timezoneId: 'Europe/Madrid' });
  await connectDemoStudio(await studio.newPage(), app.url, smtp);
  await studio.close();

  await signUpByEmail(page, smtp, app.url, 'carla@example.com', 'Carla Card');
  await holdDemoYin(page, app.url, 2);

  // Pay now is the first tab and chosen; the card form replaces its placeholder.
  const tabs = page.getByRole('tablist', { name: 'Payment options' });
  await expect(tabs.getByRole('tab').first()).toHaveText('Pay now');
  await expect(tabs.getByRole('tab', { name: 'Pay now' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Payments are secure and encrypted')).toBeVisible();
  const card = page.getByRole('textbox', { name: 'Card number' });
  const pay = page.getByRole('button', { name: /^Pay €\d+\.\d{2}$/ });
  const amount = must(await pay.textContent(), '(await pay.textContent())').replace('Pay ', '');
  await expectAccessible(page, 'checkout, pay now');

  // A declined card: Stripe's message under 'Something went wrong.'; nothing is confirmed.
  await card.fill('4000 0000 0000 0002');
  await pay.click();
  const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong.' });
  await expect(failure).toContainText('Your card was declined.');
  await expectAccessible(page, 'checkout, card declined');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

  // Another card goes through: confirmed once the server has seen the payment, and paid.
  await card.fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' }).getByText('Paid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'booking confirmed, paid by card');

  // Cancelling inside the window refunds the card.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(`Your payment of ${amount} will be refunded.`);
  await expectAccessible(page, 'cancel dialog with a refund');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toast(page, 'Booking cancelled.')).toBeVisible();
  await expect(page.getByText(`Refunded ${amount} to your card`)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'confirmation page, refunded');
  expect([...must(stripeServer, 'stripeServer').events.values()].filter((event) => event.type === 'charge.refunded')).toHaveLength(1);

  // A card that asks for 3-D Secure: the client is sent to authenticate (the test server's page
  // completes it) and comes back to a confirmed booking; the page drops Stripe's query.
  await holdDemoYin(page, app.url, 3);
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Payment' }).getByText('Paid', { exact: true })).toBeVisible();
});
