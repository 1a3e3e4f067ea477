import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { PurchasedService } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { ok, serveApi } from '../../test/api.ts';
import { aClient, aConfirmedAppointment, aPurchasedService } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { must } from '../../../../server/test/support/must.ts';

function setup(list: PurchasedService[]) {
  const calls = serveApi(
    http.get('/api/purchases/services', () => ok(list)),
    http.get('/api/appointments', ({ request }) => {
      const subset = new URL(request.url).searchParams.get('subset');
      return ok(
        subset === 'past'
          ? [aConfirmedAppointment({ id: 'a-past', pretty_date: 'Monday, 2 November 2026', membership: { id: 'm', name: 'Monthly' } })]
          : [aConfirmedAppointment({ id: 'a-next', pretty_date: 'Tuesday, 24 November 2026' })],
      );
    }),
  );
  const rendered = renderRoutes(routes, { path: '/purchases/services', queryClient: testQueryClient(aClient) });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('My passes: services', () => {
  it('lists the services with the sessions available', async () => {
    setup([
      aPurchasedService(),
      aPurchasedService({
        service: { ...aPurchasedService().service, id: 13, name: '1:1 Mobility', type: 'appointment' },
        available_count: 1,
      }),
    ]);
    const flow = must(
      (await screen.findByRole('heading', { name: 'Vinyasa Flow' })).closest('article'),
      "(await screen.findByRole('heading', { name: 'Vinyasa Flow' })).closest('article')",
    );
    expect(within(flow).getByText('Pat Provider')).toBeTruthy();
    expect(within(flow).getByText('6 sessions available')).toBeTruthy();
    const mobility = must(
      screen.getByRole('heading', { name: '1:1 Mobility' }).closest('article'),
      "screen.getByRole('heading', { name: '1:1 Mobility' }).closest('article')",
    );
    expect(within(mobility).getByText('1 session available')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'My passes' }))
        .getByRole('link', { name: 'Services' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('says what is true: a service booked without a pass is paid per booking; credits shared across classes are counted as shared credits', async () => {
    const { user } = setup([
      aPurchasedService({ shares_credits: true, available_count: 5, availability: [{ expires_in_days: 12, count: 5 }] }),
      aPurchasedService({
        service: { ...aPurchasedService().service, id: 13, name: '1:1 Mobility', type: 'appointment' },
        available_count: 0,
        availability: [],
        memberships: [],
      }),
    ]);
    const card = (name: string) => must(screen.getByRole('heading', { name }).closest('article'), `the ${name} card`);
    await screen.findByRole('heading', { name: 'Vinyasa Flow' });
    expect(within(card('Vinyasa Flow')).getByText('5 credits left')).toBeTruthy();
    expect(within(card('Vinyasa Flow')).getByText('Shared with other services of Monthly Flow Membership')).toBeTruthy();
    expect(within(card('1:1 Mobility')).getByText('Pay per booking')).toBeTruthy();
    expect(screen.queryByText(/0 sessions/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details of 1:1 Mobility' }));
    const panel = await screen.findByRole('dialog', { name: '1:1 Mobility' });
    expect(within(panel).getByText('No sessions prepaid: each booking is paid on its own.')).toBeTruthy();
  });

  it('Details shows availability by expiry, the bookings of the service, and the ways to book it', async () => {
    const { calls, user } = setup([aPurchasedService()]);
    await user.click(await screen.findByRole('button', { name: 'Details of Vinyasa Flow' }));
    const panel = await screen.findByRole('dialog', { name: 'Vinyasa Flow' });
    expect(
      within(panel)
        .getByRole('link', { name: /Pat Provider/ })
        .getAttribute('target'),
    ).toBe('_blank');
    const availability = within(panel).getByRole('region', { name: 'Availability' });
    expect(availability.textContent).toContain('3 sessions · expire in 12 days');
    expect(availability.textContent).toContain('3 sessions · expire in 40 days');
    expect(within(panel).getByRole('link', { name: 'Book the service' }).getAttribute('href')).toBe('/pat/12');

    expect(await within(panel).findByText('Tuesday, 24 November 2026')).toBeTruthy();
    expect(within(panel).getByText('Times in Madrid time (this device is on UTC)')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/appointments?service_id=12&subset=future')).toBe(true);
    await user.click(within(panel).getByRole('tab', { name: 'Past' }));
    expect(await within(panel).findByText('Monday, 2 November 2026')).toBeTruthy();
    expect(within(panel).getByText('Included in membership')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/appointments?service_id=12&subset=past')).toBe(true));
    expect(within(panel).getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/pat/12');
  });

  it('says so when there are none', async () => {
    setup([]);
    expect(await screen.findByText('You have no purchases')).toBeTruthy();
  });
});
