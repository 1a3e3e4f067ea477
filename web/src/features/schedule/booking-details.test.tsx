import '../../test/setup.ts';
import { aClient, aConfirmedAppointment, aProvider, rosterFacts } from '../../test/generators.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment, Me, ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { addDays, todayIn } from '../../lib/format.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http } from 'msw';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { paymentBadge } from '../../lib/appointments/payment-badge.ts';
import { bookingToCancel, cancelBookingText } from './components/booking-rules.ts';
import { must } from '../../../../server/test/support/must.ts';

const today = todayIn(aClient.timezone);
const inDays = (n: number) => addDays(today, n);
const later = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

const me = { id: 'u1', name: 'Ada Lovelace', avatar: null, is_me: true };
const someone = (id: string, name: string) => ({ id, name, avatar: null, is_me: false });
type CardBooking = ScheduleSlot['appointments'][number];
const booking = (id: string, client: CardBooking['client'], cancelled = false): CardBooking => ({
  ...rosterFacts,
  id,
  status: cancelled ? 'cancelled' : 'confirmed',
  cancelled_at: cancelled ? later(-1) : null,
  client,
});

/** A client's own 1:1 booking with Pat (someone else's service). */
const myAppointmentCard = (over: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: 'a9',
  kind: 'appointment',
  date: inDays(2),
  time: '10:00',
  until: '11:00',
  starts_at: later(2),
  ends_at: later(2.04),
  timezone: 'Europe/Madrid',
  in_the_past: false,
  cancelled_at: null,
  service: { id: 7, name: 'Personal training', type: 'appointment', location: 'Gym', duration: 60, capacity: 1 },
  provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'Europe/Madrid' },
  is_mine: false,
  participants: 1,
  waitlist_count: 0,
  appointments: [booking('a9', me)],
  repeater: null,
  ...over,
});

/** A client's own place in Pat's class. */
const myClassCard = (over: Partial<ScheduleSlot> = {}): ScheduleSlot =>
  myAppointmentCard({
    id: '31',
    kind: 'class',
    service: { id: 1, name: 'Vinyasa Flow', type: 'class', location: 'Main studio', duration: 60, capacity: 12 },
    participants: 4,
    ...over,
  });

/** The provider's own 1:1 appointment with a client. */
const ownAppointmentCard = (over: Partial<ScheduleSlot> = {}): ScheduleSlot =>
  myAppointmentCard({ is_mine: true, appointments: [booking('a9', someone('c1', 'Grace Hopper'))], ...over });

const ownClassCard = (over: Partial<ScheduleSlot> = {}): ScheduleSlot =>
  myClassCard({
    is_mine: true,
    participants: 1,
    appointments: [booking('b1', someone('c1', 'Grace Hopper')), booking('b2', someone('c2', 'Alan Turing'), true)],
    ...over,
  });

const appointment = (over: Partial<Appointment> = {}): Appointment =>
  aConfirmedAppointment({
    id: 'a9',
    date: inDays(2),
    pretty_date: 'Someday',
    starts_at: later(2),
    ends_at: later(2.04),
    location: 'Gym',
    price: 25,
    confirmed_at: later(-3),
    paid_at: later(-3),
    payment_method: 'card',
    missing_payment: false,
    ...over,
  });

const day = (date: string, slots: ScheduleSlot[]): ScheduleDay => ({ date, weekday: '', day: Number(date.slice(8)), month: '', slots });

function setup({
  me: viewer = aClient,
  card,
  details = appointment(),
  cancel,
}: {
  me?: Me;
  card: ScheduleSlot;
  /** The booking GET /api/appointments/a9 answers, or the whole answer. */
  details?: Appointment | (() => Response);
  cancel?: () => Response;
}) {
  const answer = typeof details === 'function' ? details : () => ok(details);
  const calls = serveApi(
    http.get('/api/me', () => ok(viewer)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/schedule', () => ok([day(card.date, [card])])),
    http.get('/api/services', () => ok([])),
    http.get('/api/appointments/a9', answer),
    http.post('/api/appointments/a9/cancel', cancel ?? (() => ok({ ...appointment(), status: 'cancelled', cancelled_at: later(0) }))),
    http.get('/api/clients', () =>
      ok([{ id: 'c1', name: 'Grace Hopper', avatar: null, email: 'grace@example.com', phone: '+34 600 000 000', is_me: false }]),
    ),
    http.get('/api/appointments', ({ request }) =>
      ok(
        new URL(request.url, 'http://x').searchParams.get('subset') === 'future' &&
          new URL(request.url, 'http://x').searchParams.get('client_id') === 'c1'
          ? [
              appointment({
                id: 'b1',
                client: { id: 'c1', name: 'Grace Hopper', email: 'grace@example.com', avatar: null, phone: null },
                pretty_date: 'Wednesday, 25 November 2026',
              }),
            ]
          : [],
      ),
    ),
  );
  const rendered = renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(viewer) });
  return { ...rendered, calls, user: userEvent.setup() };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Booking details' });
}

const count = (calls: { url: string; method: string }[], prefix: string, method = 'GET') =>
  calls.filter((c) => c.method === method && c.url.startsWith(prefix)).length;

describe('Cancel booking: when it shows (rules)', () => {
  const now = Date.now();

  it('a client’s own future, active booking can be cancelled; a past, started or cancelled one cannot', () => {
    expect(bookingToCancel(myAppointmentCard(), now)?.id).toBe('a9');
    expect(bookingToCancel(myAppointmentCard({ in_the_past: true }), now)).toBeNull();
    expect(bookingToCancel(myAppointmentCard({ starts_at: later(-0.01) }), now)).toBeNull();
    expect(bookingToCancel(myAppointmentCard({ cancelled_at: later(-1), appointments: [booking('a9', me, true)] }), now)).toBeNull();
  });

  it('on a class, a client needs bookings in it and all of them active', () => {
    expect(bookingToCancel(myClassCard(), now)?.id).toBe('a9');
    expect(bookingToCancel(myClassCard({ appointments: [booking('a9', me), booking('a8', me, true)] }), now)).toBeNull();
    expect(bookingToCancel(myClassCard({ appointments: [] }), now)).toBeNull();
    expect(bookingToCancel(myClassCard({ appointments: [booking('a7', someone('c1', 'Grace Hopper'))] }), now)).toBeNull();
  });

  it('a provider cancels their own 1:1 appointment with Cancel booking, their own class only with Cancel class', () => {
    expect(bookingToCancel(ownAppointmentCard(), now)?.id).toBe('a9');
    expect(bookingToCancel(ownAppointmentCard({ in_the_past: true }), now)).toBeNull();
    expect(bookingToCancel(ownClassCard(), now)).toBeNull();
  });
});

// The schedule's page is lazy. The web tests inline the libraries to render them with Preact
// (vitest.config.ts), which makes its first import slower than a findBy waits: load it once first.
beforeAll(() => import('../../app/schedule-route.tsx'), 120_000);

describe('Cancel booking: what the panel shows', () => {
  it('shows Cancel booking on a client’s own upcoming booking', async () => {
    const { user } = setup({ card: myAppointmentCard() });
    const panel = await openPanel(user, /Personal training/);
    expect(await within(panel).findByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel class' })).toBeNull();
  });

  it('not on a past booking', async () => {
    const { user } = setup({ card: myAppointmentCard({ in_the_past: true, starts_at: later(-1), ends_at: later(-0.9) }) });
    const panel = await openPanel(user, /Personal training/);
    await within(panel).findByText('Paid');
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('not on a cancelled booking', async () => {
    const { user } = setup({
      card: myAppointmentCard({ cancelled_at: later(-1), appointments: [booking('a9', me, true)] }),
      details: appointment({ status: 'cancelled', cancelled_at: later(-1), can_be_cancelled: false }),
    });
    const panel = await openPanel(user, /Personal training/);
    expect(within(panel).getByText('This booking was cancelled.')).toBeTruthy();
    await within(panel).findByText('Paid');
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('on a class only while all the client’s bookings in it are active', async () => {
    const first = setup({ card: myClassCard() });
    let panel = await openPanel(first.user, /Vinyasa Flow/);
    expect(await within(panel).findByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    first.unmount();

    const second = setup({ card: myClassCard({ appointments: [booking('a9', me), booking('a8', me, true)] }) });
    panel = await openPanel(second.user, /Vinyasa Flow/);
    await within(panel).findByText('Paid');
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('not when the server says the booking can no longer be cancelled', async () => {
    const { user } = setup({ card: myAppointmentCard(), details: appointment({ can_be_cancelled: false }) });
    const panel = await openPanel(user, /Personal training/);
    await within(panel).findByText('Paid');
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('the provider’s own class offers Cancel class, their own appointment Cancel booking', async () => {
    const first = setup({ me: aProvider, card: ownClassCard() });
    let panel = await openPanel(first.user, /Vinyasa Flow/);
    expect(within(panel).getByRole('button', { name: 'Cancel class' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    first.unmount();

    const second = setup({ me: aProvider, card: ownAppointmentCard() });
    panel = await openPanel(second.user, /Personal training/);
    expect(within(panel).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel class' })).toBeNull();
    // The provider sees the client, not a Payment section meant for the client.
    expect(within(panel).getByText('Grace Hopper')).toBeTruthy();
    expect(within(panel).queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});

describe('Cancel booking: the dialog texts', () => {
  async function dialogText(options: Parameters<typeof setup>[0], name: RegExp) {
    const { user } = setup(options);
    const panel = await openPanel(user, name);
    await user.click(await within(panel).findByRole('button', { name: 'Cancel booking' }));
    return (await screen.findByRole('dialog', { name: 'Cancel this booking?' })).textContent ?? '';
  }

  it('provider: immediate, the client refunded in full', async () => {
    const text = await dialogText({ me: aProvider, card: ownAppointmentCard() }, /Personal training/);
    expect(text).toMatch(/immediate/);
    expect(text).toMatch(/Grace Hopper is notified and refunded in full/);
    expect(text).not.toMatch(/You will not get a refund/);
  });

  it('client past the refund deadline: no refund', async () => {
    const text = await dialogText(
      { card: myAppointmentCard(), details: appointment({ cancellation_refundable: false }) },
      /Personal training/,
    );
    expect(text).toMatch(/You will not get a refund: it is less than 24 hours before the start/);
    expect(text).not.toMatch(/will be refunded/);
  });

  it('client in time: the slot becomes available again and the payment is refunded', async () => {
    const text = await dialogText({ card: myAppointmentCard() }, /Personal training/);
    expect(text).toMatch(/The slot becomes available again and can be rebooked/);
    expect(text).toMatch(/Your payment of €25.00 will be refunded/);
    expect(text).not.toMatch(/You will not get a refund/);
  });

  it('what comes back depends on how the booking was paid', () => {
    const base = appointment();
    expect(cancelBookingText({ by: 'client', appointment: { ...base, payment_method: 'membership' } })).toMatch(
      /goes back to your membership/,
    );
    expect(cancelBookingText({ by: 'client', appointment: { ...base, paid_at: null, payment_method: 'in_person' } })).toMatch(
      /nothing to refund/,
    );
    const never = {
      ...base,
      cancellation_refundable: false,
      provider: { ...base.provider, policy: { ...base.provider.policy, min_hours_before_cancellation: 0 } },
    };
    expect(cancelBookingText({ by: 'client', appointment: never })).toBe(
      'You will not get a refund: Pat Provider does not refund cancellations. Your payment of €25.00 is kept.',
    );
  });
});

describe('Payment and Provider (a client’s own booking)', () => {
  it.each([
    ['Paid', appointment()],
    ['Included in membership', appointment({ payment_method: 'membership' })],
    ['Pay in person', appointment({ paid_at: null, payment_method: 'in_person', missing_payment: true })],
  ])('shows the price and %s', async (badge, details) => {
    const { user } = setup({ card: myAppointmentCard(), details });
    const panel = await openPanel(user, /Personal training/);
    const payment = must(
      (await within(panel).findByRole('heading', { name: 'Payment' })).closest('section'),
      "(await within(panel).findByRole('heading', { name: 'Payment' })).closest('section')",
    );
    expect(await within(payment).findByText('€25.00')).toBeTruthy();
    expect(within(payment).getByText(badge)).toBeTruthy();
    for (const other of ['Paid', 'Included in membership', 'Pay in person'].filter((b) => b !== badge)) {
      expect(within(payment).queryByText(other)).toBeNull();
    }
  });

  it('the badge rules', () => {
    expect(paymentBadge({ paid_at: later(-1), payment_method: 'card' }).label).toBe('Paid');
    expect(paymentBadge({ paid_at: later(-1), payment_method: 'membership' }).label).toBe('Included in membership');
    expect(paymentBadge({ paid_at: null, payment_method: 'in_person' }).label).toBe('Pay in person');
    expect(paymentBadge({ paid_at: null, payment_method: null }).label).toBe('Pay in person');
  });

  it('links to the provider’s public profile in a new tab', async () => {
    const { user, calls } = setup({ card: myAppointmentCard() });
    const panel = await openPanel(user, /Personal training/);
    const provider = must(
      within(panel).getByRole('heading', { name: 'Provider' }).closest('section'),
      "within(panel).getByRole('heading', { name: 'Provider' }).closest('section')",
    );
    expect(within(provider).getByText('Pat Provider')).toBeTruthy();
    const link = within(provider).getByRole('link', { name: /View profile/ });
    expect(link.getAttribute('href')).toBe('/pat');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    await waitFor(() => expect(count(calls, '/api/appointments/a9')).toBe(1));
  });

  it('a payment that cannot be loaded offers to try again, and hides Cancel booking', async () => {
    const { user } = setup({ card: myAppointmentCard(), details: () => apiError(500, { message: 'Boom', code: 'internal_error' }) });
    const panel = await openPanel(user, /Personal training/);
    expect(await within(panel).findByText('We could not load the payment details.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});

describe('Cancel booking: confirming', () => {
  it('cancels, says so, reloads the schedule and the booking, and closes the panel', async () => {
    const { user, calls } = setup({ card: myAppointmentCard() });
    const panel = await openPanel(user, /Personal training/);
    await user.click(await within(panel).findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    const schedules = count(calls, '/api/schedule');
    const details = count(calls, '/api/appointments/a9');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Appointment cancelled.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/appointments/a9/cancel']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booking details' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Cancel this booking?' })).toBeNull();
    await waitFor(() => expect(count(calls, '/api/schedule')).toBeGreaterThan(schedules));
    await waitFor(() => expect(count(calls, '/api/appointments/a9')).toBeGreaterThan(details));
  });

  it('Keep booking leaves it alone', async () => {
    const { user, calls } = setup({ card: myAppointmentCard() });
    const panel = await openPanel(user, /Personal training/);
    await user.click(await within(panel).findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this booking?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Booking details' })).toBeTruthy();
    expect(count(calls, '/api/appointments/a9/cancel', 'POST')).toBe(0);
  });

  it('a failure says to try again in a minute and keeps the dialog open', async () => {
    const { user } = setup({
      me: aProvider,
      card: ownAppointmentCard(),
      cancel: () => apiError(500, { message: 'Boom', code: 'internal_error' }),
    });
    const panel = await openPanel(user, /Personal training/);
    await user.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Something went wrong, please try again in a minute.')).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(screen.queryByText('Appointment cancelled.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Cancel this booking?' })).toBeTruthy();
  });
});

describe('the provider’s clients open the client panel', () => {
  it('a client of one’s class opens their panel (contact, appointments); closing it returns to the row', async () => {
    const { user, calls } = setup({ me: aProvider, card: ownClassCard() });
    const panel = await openPanel(user, /Vinyasa Flow/);
    const row = within(panel).getByRole('button', { name: 'Grace Hopper' });
    expect(row.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(row);

    const client = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(await within(client).findByRole('link', { name: /grace@example.com/ })).toBeTruthy();
    expect(await within(client).findByRole('tab', { name: 'Upcoming 1' })).toBeTruthy();
    expect(within(client).getByText('Wednesday, 25 November 2026')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/appointments?') && c.url.includes('client_id=c1'))).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grace Hopper' })).toBeNull());
    // Only the client panel closed; the booking details stay, the focus back on the row.
    expect(screen.getByRole('dialog', { name: 'Booking details' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Grace Hopper' })));
  });

  it('so do cancelled clients of a class and the client of one’s 1:1 appointment', async () => {
    const first = setup({ me: aProvider, card: ownClassCard() });
    let panel = await openPanel(first.user, /Vinyasa Flow/);
    await first.user.click(within(panel).getByRole('tab', { name: 'Cancelled 1' }));
    await first.user.click(within(panel).getByRole('button', { name: 'Alan Turing' }));
    expect(await screen.findByRole('dialog', { name: 'Alan Turing' })).toBeTruthy();
    first.unmount();

    const second = setup({ me: aProvider, card: ownAppointmentCard() });
    panel = await openPanel(second.user, /Personal training/);
    await second.user.click(within(panel).getByRole('button', { name: 'Grace Hopper' }));
    expect(await screen.findByRole('dialog', { name: 'Grace Hopper' })).toBeTruthy();
  });

  it('a client sees no clickable client rows on their own booking', async () => {
    const { user } = setup({ card: myClassCard() });
    const panel = await openPanel(user, /Vinyasa Flow/);
    await within(panel).findByText('Paid');
    expect(within(panel).queryByRole('button', { name: 'Ada Lovelace' })).toBeNull();
    expect(within(panel).queryByRole('heading', { name: 'Clients' })).toBeNull();
  });
});

describe('keyboard', () => {
  it('closing the booking details hands the focus back to the card it was opened from', async () => {
    const { user } = setup({ card: myAppointmentCard() });
    const card = await screen.findByRole('button', { name: /Personal training/ });
    card.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Booking details' });
    await within(panel).findByText('Paid');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booking details' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Personal training/ })));
  });
});
