import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { must } from '../../server/test/support/must.ts';

// Google sign-in is configured for this spec only, so it runs in a worker (and app) of its own.
test.use({ googleAccounts: { gina: { email: 'gina@example.com', email_verified: true, name: 'Gina Google' } } });

test('a visitor continues with Google, consents on the provider’s page and lands signed in', async ({ page, app, google }) => {
  await page.goto(`${app.url}/login`);
  await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveCount(0);
  await expectAccessible(page, 'login with Google sign-in');
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  // The OpenID provider's own sign-in and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${must(google, 'google').issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('gina');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${app.url}/schedule`);
  await expect(page.getByText('No future bookings')).toBeVisible();
  await page.goto(`${app.url}/settings/account`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Gina Google');
  await expect(page.getByText('Google', { exact: true })).toBeVisible();
});
