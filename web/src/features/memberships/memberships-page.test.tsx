import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { Membership } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, anActiveMembership } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { must } from '../../../../server/test/support/must.ts';

const ID = anActiveMembership().id;

function setup(list: Membership[], cancel: () => Response = () => ok(cancelled)) {
  let current = list;
  const calls = serveApi(
    http.get('/api/memberships', () => ok(current)),
    http.post(`/api/memberships/${ID}/cancel`, () => {
      const answer = cancel();
      if (answer.ok) current = current.map((m) => (m.id === ID ? cancelled : m));
      return answer;
    }),
  );
  const rendered = renderRoutes(routes, { path: '/memberships', queryClient: testQueryClient(aClient) });
  return { ...rendered, calls, user: userEvent.setup() };
}

const cancelled = anActiveMembership({
  status: 'cancelled',
  cancelled_at: '2026-11-20T09:00:00Z',
  can_be_cancelled: false,
  renewal_day: null,
  expiration_day: '2026-12-15',
});

const pack = anActiveMembership({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: '5-session pack',
  interval: '',
  expires_in: 3,
  renewal_day: null,
  expiration_day: '2027-02-15',
  can_be_cancelled: false,
  quantity_count: 5,
  used_count: 1,
  available_count: 4,
  payments: [],
});

describe('My passes: memberships', () => {
  it('lists memberships as cards with usage, renewal or expiry and status; asks with include=services', async () => {
    const { calls } = setup([anActiveMembership(), pack]);
    const monthly = must(
      (await screen.findByRole('heading', { name: 'Monthly Flow Membership' })).closest('article'),
      "(await screen.findByRole('heading', { name: 'Monthly Flow Membership' })).closest('article')",
    );
    expect(within(monthly).getByText('Pat Provider')).toBeTruthy();
    expect(within(monthly).getByText('2 / 8 used')).toBeTruthy();
    expect(within(monthly).getByText('Renews on 15 Dec 2026')).toBeTruthy();
    expect(within(monthly).getByText('Active')).toBeTruthy();
    const second = must(
      screen.getByRole('heading', { name: '5-session pack' }).closest('article'),
      "screen.getByRole('heading', { name: '5-session pack' }).closest('article')",
    );
    expect(within(second).getByText('1 / 5 used')).toBeTruthy();
    expect(within(second).getByText('Expires on 15 Feb 2027')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/memberships?include=services')).toBe(true);
    // My passes' two pages.
    const tabs = screen.getByRole('navigation', { name: 'My passes' });
    expect(within(tabs).getByRole('link', { name: 'Memberships' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/purchases/services');
  });

  it('Details opens the panel: provider link, services left, payment method and payments', async () => {
    const { user } = setup([
      anActiveMembership({ payments: [{ id: 'p1', datetime: '2026-11-15T09:00:00Z', amount: 79, method: 'in_person', refunded: 0 }] }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Details of Monthly Flow Membership' }));
    const panel = await screen.findByRole('dialog', { name: 'Monthly Flow Membership' });
    const provider = within(panel).getByRole('link', { name: /Pat Provider/ });
    expect(provider.getAttribute('href')).toBe('/pat');
    expect(provider.getAttribute('target')).toBe('_blank');
    const services = within(panel).getByRole('region', { name: 'Available services' });
    expect(within(services).getByText('Vinyasa Flow')).toBeTruthy();
    expect(within(services).getByText('6 of 8 left')).toBeTruthy();
    expect(within(within(panel).getByRole('region', { name: 'Payment method' })).getByText(/Pay in person/)).toBeTruthy();
    const payments = within(panel).getByRole('region', { name: 'Payments history' });
    expect(within(payments).getByText('15 Nov 2026')).toBeTruthy();
    expect(within(payments).getByText('€79.00')).toBeTruthy();
  });

  it('cancels a renewing membership after saying benefits last until the renewal day; the card updates', async () => {
    const { calls, user } = setup([anActiveMembership()]);
    await user.click(await screen.findByRole('button', { name: 'Details of Monthly Flow Membership' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel membership?' });
    expect(within(dialog).getByText(/benefits last until the renewal day, 15 Dec 2026/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    expect(await screen.findByText('Membership cancelled')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/memberships/${ID}/cancel`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const panel = screen.getByRole('dialog', { name: 'Monthly Flow Membership' });
    // Only the renewing membership offers cancelling: the panel now has no such button.
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Cancel membership' })).toBeNull());
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = must(
      screen.getByRole('heading', { name: 'Monthly Flow Membership' }).closest('article'),
      "screen.getByRole('heading', { name: 'Monthly Flow Membership' }).closest('article')",
    );
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeTruthy());
    expect(within(card).getByText('Expires on 15 Dec 2026')).toBeTruthy();
  });

  it('says Ooops! when cancelling fails', async () => {
    const { user } = setup([anActiveMembership()], () => apiError(500, { message: 'Boom', code: 'internal_error' }));
    await user.click(await screen.findByRole('button', { name: 'Details of Monthly Flow Membership' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again soon.')).toBeTruthy();
  });

  it('offers no cancellation for a single payment', async () => {
    const { user } = setup([pack]);
    await user.click(await screen.findByRole('button', { name: 'Details of 5-session pack' }));
    await screen.findByRole('dialog', { name: '5-session pack' });
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();
  });

  it('says so when there are none', async () => {
    setup([]);
    expect(await screen.findByText('You have no memberships')).toBeTruthy();
  });
});
