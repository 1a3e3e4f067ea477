import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment, Client, Membership } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { renderAt, renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http } from 'msw';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, aConfirmedAppointment, anActiveMembership, aProvider } from '../../test/generators.ts';
import { ClientPanel } from './components/client-panel.tsx';
import { ClientsPage, filterClients } from './pages/clients-page.tsx';

const aClientOf = (id: string, name: string, over: Partial<Client> = {}): Client => ({
  id,
  name,
  avatar: null,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  phone: null,
  is_me: false,
  attended: 0,
  no_shows: 0,
  ...over,
});

const ADA = aClientOf('11111111-1111-4111-8111-111111111111', 'Ada Lovelace', { phone: '+34 600 123 456' });
const GRACE = aClientOf('22222222-2222-4222-8222-222222222222', 'Grace Hopper');
const ALAN = aClientOf('33333333-3333-4333-8333-333333333333', 'Alan Turing');

function setup(
  clients: Client[] | (() => Response),
  lists: { future?: Appointment[]; past?: Appointment[]; memberships?: Membership[] } = {},
) {
  const calls = serveApi(
    http.get('/api/me', () => ok(aProvider)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/clients', typeof clients === 'function' ? clients : () => ok(clients)),
    http.get('/api/appointments', ({ request }) => {
      const subset = new URL(request.url, 'http://x').searchParams.get('subset');
      return ok(subset === 'past' ? (lists.past ?? []) : (lists.future ?? []));
    }),
    http.get('/api/memberships', () => ok(lists.memberships ?? [])),
  );
  return { calls, user: userEvent.setup(), ...renderAt(<ClientsPage />, { path: '/clients', queryClient: testQueryClient(aProvider) }) };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Clients' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.font-medium')?.textContent);

describe('clients page', () => {
  it('lists clients with avatar, name and e-mail', async () => {
    setup([ADA, GRACE]);
    const list = await screen.findByRole('list', { name: 'Clients' });
    const first = within(list).getAllByRole('button')[0];
    expect(first.textContent).toContain('Ada Lovelace');
    expect(first.textContent).toContain('ada@example.com');
  });

  it('filters by name, case-insensitively', async () => {
    const { user } = setup([ADA, GRACE, ALAN]);
    const search = await screen.findByRole('searchbox', { name: 'Search clients by name' });
    await user.type(search, 'GRACE');
    expect(names()).toEqual(['Grace Hopper']);
    await user.clear(search);
    await user.type(search, 'a');
    expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    await user.clear(search);
    await user.type(search, 'tUr');
    expect(names()).toEqual(['Alan Turing']);
  });

  it('matches names only (not e-mails), and ignores accents', () => {
    const anais = aClientOf('4', 'Anaïs Nin');
    expect(filterClients([ADA, anais], 'anais').map((c) => c.name)).toEqual(['Anaïs Nin']);
    expect(filterClients([ADA, GRACE], 'example').map((c) => c.name)).toEqual([]);
    expect(filterClients([ADA, GRACE], '  ').map((c) => c.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('says No clients found when the search matches nobody, and clears it', async () => {
    const { user } = setup([ADA, GRACE]);
    await user.type(await screen.findByRole('searchbox'), 'zed');
    expect(screen.getByRole('heading', { name: 'No clients found' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Clients' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('says No clients yet before anyone has booked', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeTruthy();
    expect(screen.getByText('Your clients will appear here once they book your service')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    setup(() => apiError(500, { message: 'Boom', code: 'internal_error' }));
    expect(await screen.findByRole('heading', { name: 'We could not load your clients' })).toBeTruthy();
  });

  it('is reached from the Clients entry of a provider’s navigation', async () => {
    serveApi(
      http.get('/api/me', () => ok(aProvider)),
      http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
      http.get('/api/clients', () => ok([ADA])),
    );
    renderRoutes(routes, { path: '/clients', queryClient: testQueryClient(aProvider) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeTruthy();
    const nav = screen.getAllByRole('link', { name: 'Clients' });
    expect(nav.some((link) => link.getAttribute('href') === '/clients')).toBe(true);
  });
});

describe('client panel', () => {
  const upcoming = [
    aConfirmedAppointment({ id: 'a1', pretty_date: 'Tuesday, 24 November 2026', time: '10:00', until: '11:00', name: 'Personal training' }),
    aConfirmedAppointment({
      id: 'a2',
      status: 'cancelled',
      cancelled_at: '2026-11-20T08:00:00Z',
      pretty_date: 'Friday, 27 November 2026',
      name: 'Massage',
    }),
  ];
  const past = [aConfirmedAppointment({ id: 'a3', pretty_date: 'Monday, 2 November 2026', time: '09:00', until: '10:00', name: 'Yoga' })];

  it('opens from the list with contact links, memberships and Upcoming/Past counts', async () => {
    const { user, calls } = setup([ADA, GRACE], { future: upcoming, past });
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));

    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(dialog).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(within(dialog).getByRole('link', { name: '+34 600 123 456' }).getAttribute('href')).toBe('tel:+34600123456');
    expect(await within(dialog).findByText('No memberships yet')).toBeTruthy();

    expect(await within(dialog).findByRole('tab', { name: 'Upcoming 2' })).toBeTruthy();
    expect(await within(dialog).findByRole('tab', { name: 'Past 1' })).toBeTruthy();
    // The times are the provider's account zone's, which is not this device's (UTC in tests): said so.
    expect(await within(dialog).findByText('Times in Madrid time (this device is on UTC)')).toBeTruthy();
    const subsets = calls.filter((c) => c.url.startsWith('/api/appointments?')).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(subsets.map((p) => [p.get('client_id'), p.get('subset')]).sort()).toEqual([
      [ADA.id, 'future'],
      [ADA.id, 'past'],
    ]);

    const upcomingPanel = within(dialog).getByRole('tabpanel');
    const rows = within(upcomingPanel).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('Tuesday, 24 November 2026');
    expect(rows[0].textContent).toContain('10:00 – 11:00');
    expect(rows[0].textContent).toContain('Personal training');
    expect(within(rows[0]).queryByText('Cancelled')).toBeNull();
    expect(within(rows[1]).getByText('Cancelled')).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Past 1' }));
    expect(within(within(dialog).getByRole('tabpanel')).getByText('Yoga')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Ada Lovelace/ }));
  });

  it('says No appointments yet, and leaves out a phone the client has not given', async () => {
    const { user } = setup([GRACE]);
    await user.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
    const dialog = screen.getByRole('dialog', { name: 'Grace Hopper' });
    expect(await within(dialog).findByRole('tab', { name: 'Upcoming 0' })).toBeTruthy();
    expect(within(dialog).getByText('No appointments yet')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /^tel:/ })).toBeNull();
    expect(dialog.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('looks up e-mail and phone when opened with the name only (from the schedule)', async () => {
    const calls = serveApi(
      http.get('/api/clients', () => ok([GRACE, ADA])),
      http.get('/api/appointments', () => ok([])),
      http.get('/api/memberships', () => ok([])),
    );
    renderAt(<ClientPanel clientId={ADA.id} client={{ id: ADA.id, name: 'Ada Lovelace', avatar: null }} open onOpenChange={() => {}} />, {
      queryClient: testQueryClient(aClient),
    });
    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    expect(await within(dialog).findByRole('link', { name: 'ada@example.com' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/clients')).toBe(true));
  });

  it('lists the client’s memberships with usage and the renewal or expiry day', async () => {
    const pack = anActiveMembership({
      id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
      name: '5-Session Pack',
      interval: '',
      expires_in: 3,
      quantity_count: 5,
      used_count: 5,
      available_count: 0,
      renewal_day: null,
      expiration_day: '2027-02-15',
    });
    const { user, calls } = setup([ADA], { memberships: [anActiveMembership(), pack] });
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });

    const rows = within(await within(dialog).findByRole('list', { name: 'Memberships' })).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('Monthly Flow Membership');
    expect(rows[0].textContent).toContain('2 / 8 used');
    expect(rows[0].textContent).toContain('Renews on Tuesday, 15 December 2026');
    expect(rows[0].textContent).toContain('Vinyasa Flow');
    expect(rows[1].textContent).toContain('5 / 5 used');
    expect(rows[1].textContent).toContain('Expires on Monday, 15 February 2027');
    expect(within(dialog).queryByText('No memberships yet')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Mark as paid/ })).toBeNull();

    const query = calls.find((c) => c.url.startsWith('/api/memberships?'));
    expect(Object.fromEntries(new URL(query?.url ?? '', 'http://x').searchParams)).toEqual({ client_id: ADA.id, include: 'services' });
  });

  it('marks a membership’s in-person payment as received', async () => {
    let membership = anActiveMembership({ paid_at: null, missing_payment: true });
    const { user, calls } = setup([ADA]);
    serveApi(
      http.get('/api/memberships', () => ok([membership])),
      http.post(`/api/memberships/${membership.id}/mark-paid`, () => {
        membership = { ...membership, paid_at: '2026-11-23T10:00:00Z', missing_payment: false };
        return ok(membership);
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    const list = await within(dialog).findByRole('list', { name: 'Memberships' });
    expect(within(list).queryByText('Paid')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Mark as paid: Monthly Flow Membership' }));
    expect(await within(list).findByText('Paid')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Mark as paid/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/memberships/${membership.id}/mark-paid`]);
  });

  it('marks an in-person booking as paid; the badge then reads Paid', async () => {
    let unpaid = aConfirmedAppointment({ id: 'a1', name: 'Personal training' });
    const byMembership = aConfirmedAppointment({ id: 'a2', name: 'Vinyasa flow', payment_method: 'membership', missing_payment: false });
    const cancelled = aConfirmedAppointment({ id: 'a3', name: 'Massage', status: 'cancelled', cancelled_at: '2026-11-20T08:00:00Z' });
    const { user, calls } = setup([ADA]);
    serveApi(
      http.get('/api/appointments', ({ request }) =>
        ok(new URL(request.url).searchParams.get('subset') === 'past' ? [] : [unpaid, byMembership, cancelled]),
      ),
      http.post('/api/appointments/a1/mark-paid', () => {
        unpaid = { ...unpaid, paid_at: '2026-11-23T10:00:00Z', missing_payment: false };
        return ok(unpaid);
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    await within(dialog).findByRole('tab', { name: 'Upcoming 3' });
    const rows = within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Pay in person')).toBeTruthy();
    expect(within(rows[1]).getByText('Included in membership')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: /Mark as paid/ })).toBeNull();
    expect(within(rows[2]).queryByRole('button', { name: /Mark as paid/ })).toBeNull();

    await user.click(within(rows[0]).getByRole('button', { name: /Mark as paid/ }));
    await waitFor(() => expect(within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem')[0].textContent).toContain('Paid'));
    const first = within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem')[0];
    expect(within(first).queryByText('Pay in person')).toBeNull();
    expect(within(first).queryByRole('button', { name: /Mark as paid/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/appointments/a1/mark-paid']);
  });

  it('says so when marking as paid fails', async () => {
    const membership = anActiveMembership({ paid_at: null, missing_payment: true });
    const { user } = setup([ADA], { memberships: [membership] });
    serveApi(
      http.post(`/api/memberships/${membership.id}/mark-paid`, () =>
        apiError(409, { message: 'This period is already paid.', code: 'conflict' }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    await user.click(await within(dialog).findByRole('button', { name: /Mark as paid/ }));
    expect(await screen.findByText('This period is already paid.')).toBeTruthy();
  });
});
