import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Me } from '@slotted/contract';
import { apiError, jsonBody, ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { must } from '../../../../server/test/support/must.ts';
import { AccountSettingsPage } from './pages/account-settings-page.tsx';
import { PaymentsSettingsPage } from './pages/payments-settings-page.tsx';

const connected: Me = { ...aProvider, stripe_connected: true };

/** GET /api/config: with Stripe's publishable key when the installation takes card payments (D11). */
const config = (stripe: boolean) =>
  http.get('/api/config', () =>
    ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: stripe ? 'pk_test_123' : null }),
  );

function renderPage(me: Me, path = '/settings/payments') {
  return renderRoutes(
    [
      { path: '/settings/payments', element: <PaymentsSettingsPage /> },
      { path: '/settings/account', element: <AccountSettingsPage /> },
    ],
    { path, queryClient: testQueryClient(me) },
  );
}

describe('payment settings', () => {
  it('offers a provider who is not connected to connect with Stripe, and nothing else', async () => {
    serveApi(config(true));
    renderPage(aProvider);

    const connect = await screen.findByRole('link', { name: 'Connect with Stripe' });
    // A full-page navigation: the server sends the browser on to Stripe.
    expect(connect.getAttribute('href')).toBe('/stripe/connect');
    expect(connect.getAttribute('target')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('link', { name: /Stripe dashboard/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
  });

  it('saves require payment and shows what the server answered', async () => {
    const user = userEvent.setup();
    const sent = serveApi(
      config(true),
      http.post('/api/me/payments', () => ok({ ...connected, require_payment: true })),
    );
    renderPage(connected);

    const toggle = await screen.findByRole('switch', { name: 'Require payment' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your settings have been updated.')).toBeTruthy();
    expect(await jsonBody(sent.find((r) => r.method === 'POST'))).toEqual({ require_payment: true });
    expect(screen.getByRole('switch', { name: 'Require payment' }).getAttribute('aria-checked')).toBe('true');

    const dashboard = screen.getByRole('link', { name: /Stripe dashboard/ });
    expect(dashboard.getAttribute('href')).toBe('/stripe/dashboard');
    expect(dashboard.getAttribute('target')).toBe('_blank');
  });

  it('says why a change was refused and keeps the switch as it was', async () => {
    const user = userEvent.setup();
    serveApi(
      config(true),
      http.post('/api/me/payments', () =>
        apiError(409, { message: 'Connect your Stripe account first to take card payments.', code: 'stripe_not_connected' }),
      ),
    );
    renderPage(connected);

    await user.click(await screen.findByRole('switch', { name: 'Require payment' }));

    expect(await screen.findByText('Connect your Stripe account first to take card payments.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require payment' }).getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('without Stripe keys says what to set to turn card payments on, and where the README explains it, under its own tab', async () => {
    serveApi(config(false));
    const { router } = renderPage(aProvider);

    const heading = await screen.findByRole('heading', { name: 'Card payments' });
    const section = must(heading.closest('section'), 'the Card payments section');
    expect(router.state.location.pathname).toBe('/settings/payments');
    expect(section.textContent).toContain('Not set up on this installation.');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(within(section).getByText(name)).toBeTruthy();
    expect(section.textContent).toContain('‘Card payments (Stripe Connect)’ of Slotted’s README');
    expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Connect with Stripe' })).toBeNull();
  });

  it('is for providers only', async () => {
    serveApi(config(true));
    const { router } = renderPage(aClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
    expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull();
  });

  it('shows the Payments tab next to Account for providers where card payments are set up', async () => {
    serveApi(config(true));
    renderPage(aProvider, '/settings/account');
    expect(await screen.findByRole('link', { name: 'Payments' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
  });
});
