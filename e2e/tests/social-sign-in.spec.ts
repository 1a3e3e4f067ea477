import { expect, test } from '@playwright/test';
import { freePort, startApp, type RunningApp } from '../../server/test/support/app-process.ts';
import { startOidcProvider, type OidcTestProvider } from '../../server/test/support/oidc-test-provider.ts';

let app: RunningApp;
let google: OidcTestProvider;

test.beforeAll(async () => {
  const port = await freePort();
  google = await startOidcProvider(`http://localhost:${port}/auth/social/google/callback`, {
    gina: { email: 'gina@example.com', email_verified: true, name: 'Gina Google' },
  });
  app = await startApp({ PORT: String(port), GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_ISSUER_URL: google.issuer, SEED_DEMO: 'false' });
});
test.afterAll(async () => {
  await app?.stop();
  await google?.stop();
});

test('a visitor continues with Google, consents on the provider’s page and lands signed in', async ({ page }) => {
  await page.goto(`${app.url}/login`);
  await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  // The OpenID provider's own sign-in and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${google.issuer}/interaction/`));
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
