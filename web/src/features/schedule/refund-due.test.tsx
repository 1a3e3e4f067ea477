import '../../test/setup.ts';
import { aConfirmedAppointment, aProvider, rosterFacts } from '../../test/generators.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment, ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { addDays, todayIn } from '../../lib/format.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http } from 'msw';
import { ok, serveApi } from '../../test/api.ts';
import { refundText } from '../../lib/appointments/refund.ts';

// A booking paid by card, cancelled after the installation's Stripe keys were removed: the provider
// owes the refund by hand (docs/product-rules.md#cancellation-and-refunds).
const today = todayIn(aProvider.timezone);
const later = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const grace = { id: 'c1', name: 'Grace Hopper', avatar: null, is_me: false };

const card: ScheduleSlot = {
  id: 'a9',
  kind: 'appointment',
  date: addDays(today, 2),
  time: '10:00',
  until: '11:00',
  starts_at: later(2),
  ends_at: later(2.04),
  timezone: 'Europe/Madrid',
  in_the_past: false,
  cancelled_at: later(-1),
  service: { id: 7, name: 'Personal training', type: 'appointment', location: 'Gym', duration: 60, capacity: 1 },
  provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'Europe/Madrid' },
  is_mine: true,
  participants: 0,
  waitlist_count: 0,
  appointments: [{ ...rosterFacts, id: 'a9', status: 'cancelled', cancelled_at: later(-1), client: grace }],
  repeater: null,
};

const owed = (over: Partial<Appointment> = {}): Appointment =>
  aConfirmedAppointment({
    id: 'a9',
    name: 'Personal training',
    pretty_date: 'Wednesday, 25 November 2026',
    status: 'cancelled',
    cancelled_at: later(-1),
    is_mine: false,
    price: 25,
    paid_at: null,
    payment_method: null,
    refund_due: 25,
    refund_due_by_hand: 25,
    refunded: 0,
    client: { id: 'c1', name: 'Grace Hopper', email: 'grace@example.com', avatar: null, phone: null },
    ...over,
  });
const settled = () => owed({ refund_due_by_hand: 0, refunded: 25, refunded_by_hand: 25 });

const day = (date: string, slots: ScheduleSlot[]): ScheduleDay => ({ date, weekday: '', day: Number(date.slice(8)), month: '', slots });

function serve() {
  let current = owed();
  const calls = serveApi(
    http.get('/api/me', () => ok(aProvider)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/schedule', () => ok([day(card.date, [card])])),
    http.get('/api/services', () => ok([])),
    http.get('/api/appointments/a9', () => ok(current)),
    http.get('/api/appointments', ({ request }) => ok(new URL(request.url).searchParams.get('subset') === 'past' ? [current] : [])),
    http.get('/api/memberships', () => ok([])),
    http.get('/api/clients', () => ok([])),
    http.post('/api/appointments/a9/mark-refunded', () => {
      current = settled();
      return ok(current);
    }),
  );
  return calls;
}

const posts = (calls: { url: string; method: string }[]) => calls.filter((c) => c.method === 'POST').map((c) => c.url);

describe('a refund due by hand', () => {
  it('the booking panel shows it, and Mark as refunded settles it', async () => {
    const calls = serve();
    renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(aProvider) });
    const user = userEvent.setup();
    // The schedule page is loaded lazily: its first load may take a while on a busy machine.
    await user.click(await screen.findByRole('button', { name: /Personal training/ }, { timeout: 10_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(panel).findByText('Refund due €25.00')).toBeTruthy();
    expect(within(panel).getByText(/Give it back by hand, then mark it refunded/)).toBeTruthy();

    const button = within(panel).getByRole('button', { name: /Mark as refunded/ });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByText('Refunded €25.00 by hand')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Mark as refunded/ })).toBeNull();
    expect(posts(calls)).toEqual(['/api/appointments/a9/mark-refunded']);
  });

  it('the client is told the provider owes it, not that the card was refunded', () => {
    expect(refundText(owed({ is_mine: true }))).toBe('Refund of €25.00 due from Pat Provider');
    expect(refundText(settled())).toBe('Refunded €25.00 by hand');
    expect(refundText(owed({ refund_due_by_hand: 0, refunded: 0 }))).toBe('Refund of €25.00 on its way to Grace Hopper’s card');
  });
});
