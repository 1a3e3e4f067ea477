import { expectAccessible } from '../support/accessibility.ts';
import { expect, test } from '../support/fixtures.ts';
import { requestLink } from '../support/sign-in.ts';
import { toast } from '../support/ui.ts';

test('a newcomer signs up through an e-mailed link, edits the profile and logs out', async ({ page, app, smtp }) => {
  await page.goto(`${app.url}/schedule`);
  await expect(page).toHaveURL(`${app.url}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  // No social provider is configured, so no button may lead nowhere.
  await expect(page.getByText('Continue with Google')).toHaveCount(0);
  await expectAccessible(page, 'login');

  const link = await requestLink(page, smtp, 'nora@example.com');
  await expectAccessible(page, 'check your inbox');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await expect(page.getByLabel('E-mail')).toHaveValue('nora@example.com');
  await expectAccessible(page, 'set up your account');
  await page.getByLabel('Name', { exact: true }).fill('Nora Newcomer');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${app.url}/schedule`);
  await expect(page.getByText('No future bookings')).toBeVisible();
  await expectAccessible(page, 'My schedule, empty');

  await page.goto(`${app.url}/settings/account`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nora Newcomer');
  await page.getByLabel('Name', { exact: true }).fill('Nora Castillo');
  await page.getByLabel('Phone').fill('+34 600 111 222');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nora Castillo');
  await expect(page.getByLabel('Phone')).toHaveValue('+34 600 111 222');
  await expectAccessible(page, 'account settings');

  await page
    .getByRole('button', { name: /Nora Castillo/ })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expectAccessible(page, 'profile menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${app.url}/login`);
  await page.goto(`${app.url}/schedule`);
  await expect(page).toHaveURL(`${app.url}/login`);

  // The link worked once: opening it again does not sign in.
  await page.goto(link);
  await expect(toast(page, /not valid or has already been used/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in link already used');
});

test('server-side field errors show under the field and the page scrolls to them', async ({ page, app, smtp }) => {
  await page.goto(`${app.url}/login`);
  const link = await requestLink(page, smtp, 'owen@example.com');
  await page.goto(link);
  await page.getByLabel('Name', { exact: true }).fill('Owen');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${app.url}/schedule`);

  await page.goto(`${app.url}/settings/account`);
  await page.getByRole('switch', { name: /I offer services/ }).click();
  await page.getByLabel('Username').fill('settings');
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByText('This username is reserved. Please choose another one.');
  await expect(error).toBeVisible();
  await expect(error).toBeInViewport();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'account settings with a field error');

  await page.getByLabel('Username').fill('owen-coaching');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
});

test('the demo provider is seeded on first run and can sign in', async ({ page, app, smtp }) => {
  await page.goto(`${app.url}/login`);
  const link = await requestLink(page, smtp, 'demo@example.com');
  await page.goto(link);
  await expect(page).toHaveURL(`${app.url}/schedule`);
  await page.goto(`${app.url}/settings/account`);
  await expect(page.getByLabel('Username')).toHaveValue('demo');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Harbour Yoga & Movement');
});
