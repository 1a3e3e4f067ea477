import '../../test/setup.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type RequestHandler } from 'msw';
import type { Membership } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { REDIRECT_COOKIE } from '../../lib/redirect-after-login.ts';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, aMembership, anActiveMembership } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';

const ID = aMembership().id;
const PATH = `/memberships/${ID}`;
const CONFIRM = `/api/memberships/${ID}/confirm-without-payment`;

function setup(membership: Membership | (() => Response | Promise<Response>), more: RequestHandler[] = [], { fakeTimers = false } = {}) {
  const calls = serveApi(
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get(`/api${PATH}`, typeof membership === 'function' ? membership : () => ok(membership)),
    ...more,
  );
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const rendered = renderRoutes(routes, { path: PATH, queryClient: testQueryClient(aClient) });
  return { ...rendered, calls, user };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

afterEach(() => {
  vi.useRealTimers();
});

describe('membership confirmation', () => {
  it('shows the checkout: the membership, pay in person, Total, Confirm and the terms', async () => {
    setup(aMembership());
    expect(await heading('Checkout')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Monthly Flow Membership' });
    expect(within(card).getByText('€79.00')).toBeTruthy();
    expect(within(card).getByText('/month')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Pat Provider' }).getAttribute('href')).toBe('/pat');
    // Ten minutes to confirm (a second may have passed on a busy machine).
    expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/);
    const payment = screen.getByRole('region', { name: 'Payment' });
    // One option: no tabs, its text on its own.
    expect(within(payment).queryByRole('tablist')).toBeNull();
    expect(within(payment).getByText(/in person upon arrival for your\s+membership/)).toBeTruthy();
    expect(within(payment).getByText('Total')).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Terms and conditions' })).toBeTruthy();
  });

  it('a single payment reads how long it is valid; no terms link without terms', async () => {
    const base = aMembership();
    setup(aMembership({ interval: '', expires_in: 3, provider: { ...base.provider, policy: { terms_of_service: '<p></p>' } } }));
    await heading('Checkout');
    expect(screen.getByText('Valid for 3 months')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Terms and conditions' })).toBeNull();
  });

  it('offers pay now first when the provider takes cards, then pay in person', async () => {
    const { user } = setup(aMembership({ payment_options: ['pay_now', 'in_person'] }));
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment options' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pay now', 'Pay in person']);
    expect(screen.getByRole('button', { name: 'Pay €79.00' })).toBeTruthy();
    await user.click(tabs[1]);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('confirms, then reads Thank you for your purchase! a second later, with View my order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, user } = setup(
      aMembership(),
      [http.post(CONFIRM, () => ok(anActiveMembership({ paid_at: null, missing_payment: true })))],
      { fakeTimers: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === CONFIRM)).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    const done = await heading('Thank you for your purchase!');
    expect(document.activeElement).toBe(done);
    expect(screen.getByRole('link', { name: 'View my order' }).getAttribute('href')).toBe('/memberships');
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Pay in person')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('stops loading and says Ooops! when confirming fails', async () => {
    const { user } = setup(aMembership(), [http.post(CONFIRM, () => apiError(500, { message: 'Boom', code: 'internal_error' }))]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please wait a minute and try again')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false));
  });

  it('shows the expired dialog when the server says the purchase timed out', async () => {
    const { user } = setup(aMembership(), [
      http.post(CONFIRM, () => apiError(409, { message: 'Your purchase has timed out.', code: 'purchase_expired' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session time has expired' });
    expect(
      within(dialog).getByText(
        "Your session timed out before we could confirm your membership. Just go back and retry—you're almost there!",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Restart booking' }).getAttribute('href')).toBe('/pat');
  });

  it('shows the expired dialog when the countdown reaches zero, and for an expired purchase', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { unmount } = setup(aMembership({ expires_in_seconds: 2 }), [], { fakeTimers: true });
    expect((await screen.findByRole('timer')).textContent).toBe('00:02');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
    unmount();
    vi.useRealTimers();

    setup(aMembership({ status: 'expired', expires_in_seconds: 0 }));
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('a confirmed purchase reads Thank you, badged Paid once paid', async () => {
    setup(anActiveMembership());
    expect(await heading('Thank you for your purchase!')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my order' })).toBeTruthy();
  });

  it('shows Page not found for an unknown purchase', async () => {
    setup(() => apiError(404, { message: 'Membership not found.', code: 'not_found' }));
    expect(await heading('Page not found')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login and remembers the page', async () => {
    const { router } = setup(() => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe(PATH);
  });

  it('shows a loading state first', async () => {
    setup(() => new Promise<Response>(() => {}));
    expect(await screen.findByLabelText('Loading your purchase')).toBeTruthy();
  });
});
