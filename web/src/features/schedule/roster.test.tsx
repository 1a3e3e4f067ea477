import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { todayIn } from '../../lib/format.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { apiError, jsonBody, ok, serveApi } from '../../test/api.ts';
import { aConfirmedAppointment, aProvider, aScheduleBooking } from '../../test/generators.ts';
import { checkInWindow } from './components/roster.tsx';

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();
const person = (id: string, name: string) => ({ id, name, avatar: null, is_me: false });

/** The provider's class, starting in `startsIn` hours, with a roster of three ways to pay. */
const classCard = (startsIn = 0.5, over: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: '31',
  kind: 'class',
  date: todayIn(aProvider.timezone),
  time: '18:00',
  until: '19:00',
  starts_at: at(startsIn),
  ends_at: at(startsIn + 1),
  timezone: 'Europe/Madrid',
  in_the_past: startsIn < 0,
  cancelled_at: null,
  service: { id: 1, name: 'Vinyasa Flow', type: 'class', location: 'Main studio', duration: 60, capacity: 12 },
  provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'Europe/Madrid' },
  is_mine: true,
  participants: 3,
  waitlist_count: 0,
  appointments: [
    aScheduleBooking('b1', person('c1', 'Grace Hopper')),
    aScheduleBooking('b2', person('c2', 'Alan Turing'), { payment_method: 'card', paid: true, price: 18, attendance: 'attended' }),
    aScheduleBooking('b3', person('c3', 'Ada Lovelace'), {
      payment_method: 'membership',
      membership: { id: 'm1', name: '10-Class Pack' },
      paid: true,
    }),
  ],
  repeater: null,
  ...over,
});

function setup(card: ScheduleSlot, handlers: Parameters<typeof serveApi> = []) {
  let schedule = [{ date: card.date, weekday: '', day: 1, month: '', slots: [card] }] satisfies ScheduleDay[];
  const calls = serveApi(
    http.get('/api/me', () => ok(aProvider)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/schedule', () => ok(schedule)),
    http.get('/api/services', () => ok([])),
    http.get('/api/clients', () => ok([])),
    http.post('/api/appointments/:id/attendance', async ({ request, params }) => {
      const { status } = (await request.json()) as { status: 'attended' | 'no_show' | null };
      schedule = schedule.map((d) => ({
        ...d,
        slots: d.slots.map((s) => ({
          ...s,
          appointments: s.appointments.map((a) => (a.id === params.id ? { ...a, attendance: status } : a)),
        })),
      }));
      return ok(aConfirmedAppointment({ id: String(params.id), attendance: status }));
    }),
    ...handlers,
  );
  const rendered = renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(aProvider) });
  return { ...rendered, calls, user: userEvent.setup() };
}

async function openRoster(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
  const panel = await screen.findByRole('dialog', { name: 'Booking details' });
  return { panel, roster: within(panel).getByRole('list', { name: 'Roster' }) };
}

const rowOf = (roster: HTMLElement, name: string) => {
  const row = within(roster).getByRole('button', { name }).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('roster', () => {
  it('shows each booking’s price, how it is paid and Paid / Unpaid', async () => {
    const { user } = setup(classCard());
    const { roster } = await openRoster(user);
    const grace = rowOf(roster, 'Grace Hopper');
    expect(grace.textContent).toContain('€25.00');
    expect(grace.textContent).toContain('In person');
    expect(within(grace).getByText('Unpaid')).toBeTruthy();
    expect(within(grace).getByRole('link', { name: 'Change time: Grace Hopper' }).getAttribute('href')).toBe('/pat/1?move=b1');
    const alan = rowOf(roster, 'Alan Turing');
    expect(alan.textContent).toContain('€18.00');
    expect(alan.textContent).toContain('Card');
    expect(within(alan).getByText('Paid')).toBeTruthy();
    expect(within(alan).queryByRole('button', { name: /Mark as paid/ })).toBeNull();
    expect(rowOf(roster, 'Ada Lovelace').textContent).toContain('Membership · 10-Class Pack');
  });

  it('Mark as paid records an in-person payment and the badge then reads Paid', async () => {
    let paid = false;
    const { user, calls } = setup(classCard(), [
      http.post('/api/appointments/b1/mark-paid', () => {
        paid = true;
        return ok(aConfirmedAppointment({ id: 'b1', paid_at: at(0), missing_payment: false }));
      }),
    ]);
    // The schedule answers with the booking paid once it is.
    serveApi(
      http.get('/api/schedule', () =>
        ok([
          {
            date: classCard().date,
            weekday: '',
            day: 1,
            month: '',
            slots: [
              paid ? classCard(0.5, { appointments: [aScheduleBooking('b1', person('c1', 'Grace Hopper'), { paid: true })] }) : classCard(),
            ],
          },
        ]),
      ),
    );
    const { roster } = await openRoster(user);
    await user.click(within(rowOf(roster, 'Grace Hopper')).getByRole('button', { name: 'Mark as paid: Grace Hopper, Vinyasa Flow' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/appointments/b1/mark-paid')).toBe(true));
    const panel = screen.getByRole('dialog', { name: 'Booking details' });
    await waitFor(() =>
      expect(within(rowOf(within(panel).getByRole('list', { name: 'Roster' }), 'Grace Hopper')).getByText('Paid')).toBeTruthy(),
    );
  });

  it('one press checks a client in, sending the status; pressing it again takes it back', async () => {
    const { user, calls } = setup(classCard());
    const { roster } = await openRoster(user);
    const checkIn = within(roster).getByRole('group', { name: 'Check-in: Grace Hopper' });
    const attended = within(checkIn).getByRole('button', { name: 'Attended' });
    expect(attended.getAttribute('aria-pressed')).toBe('false');

    await user.click(attended);
    expect(within(checkIn).getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('true');
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/appointments/b1/attendance');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await jsonBody(posts()[0])).toEqual({ status: 'attended' });

    await user.click(within(checkIn).getByRole('button', { name: 'No-show' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(await jsonBody(posts()[1])).toEqual({ status: 'no_show' });
    expect(within(checkIn).getByRole('button', { name: 'No-show' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(checkIn).getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(within(checkIn).getByRole('button', { name: 'No-show' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(await jsonBody(posts()[2])).toEqual({ status: null });
    await waitFor(() => expect(within(checkIn).getByRole('button', { name: 'No-show' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('a refused check-in puts the mark back and says why', async () => {
    const { user } = setup(classCard(), [
      http.post('/api/appointments/b1/attendance', () =>
        apiError(409, { message: 'Check-in closes seven days after the session.', code: 'conflict' }),
      ),
    ]);
    const { roster } = await openRoster(user);
    const checkIn = within(roster).getByRole('group', { name: 'Check-in: Grace Hopper' });
    await user.click(within(checkIn).getByRole('button', { name: 'Attended' }));
    expect(await screen.findByText('Check-in closes seven days after the session.')).toBeTruthy();
    await waitFor(() => expect(within(checkIn).getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('is disabled, with a hint, before the hour before the start and after seven days', async () => {
    const { user, calls, unmount } = setup(classCard(3));
    let { roster } = await openRoster(user);
    expect(
      within(roster)
        .getAllByRole('button', { name: 'Attended' })
        .every((b) => b.hasAttribute('disabled')),
    ).toBe(true);
    const hint = screen.getByText('Check-in opens an hour before the start.');
    expect(within(roster).getAllByRole('group')[0]?.getAttribute('aria-describedby')).toBe(hint.id);
    await user.click(within(roster).getAllByRole('button', { name: 'No-show' })[0] ?? document.body);
    expect(calls.some((c) => c.url.endsWith('/attendance'))).toBe(false);
    unmount();

    const later = setup(classCard(-8 * 24));
    ({ roster } = await openRoster(later.user));
    expect(
      within(roster)
        .getAllByRole('button', { name: 'No-show' })
        .every((b) => b.hasAttribute('disabled')),
    ).toBe(true);
    expect(screen.getByText('Check-in closed seven days after the session.')).toBeTruthy();
  });

  it('the window runs from an hour before the start to seven days after it', () => {
    const start = Date.parse('2026-11-25T18:00:00Z');
    const iso = new Date(start).toISOString();
    expect(checkInWindow(iso, start - HOUR - 1)).toBe('not_yet');
    expect(checkInWindow(iso, start - HOUR)).toBe('open');
    expect(checkInWindow(iso, start + 7 * 24 * HOUR)).toBe('open');
    expect(checkInWindow(iso, start + 7 * 24 * HOUR + 1)).toBe('closed');
  });
});
