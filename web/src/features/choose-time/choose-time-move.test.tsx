import '../../test/setup.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment, Service, ServiceSlotsResponse } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http, HttpResponse } from 'msw';
import { apiError, jsonBody, ok, serveApi } from '../../test/api.ts';
import { aClient, aConfirmedAppointment, aProvider } from '../../test/generators.ts';
import { MOVE_SLOT_GONE_MESSAGE } from './pages/choose-time-page.tsx';

const service: Service = {
  id: 12,
  name: 'Vinyasa Flow',
  type: 'class',
  description: '<p>A dynamic flow.</p>',
  price: 15,
  duration: 60,
  location: 'Main studio',
  capacity: 12,
  waitlist_size: 10,
  cover: null,
  provider: { name: 'Harbour Yoga', username: 'demo', avatar: null, timezone: 'UTC' },
  is_mine: false,
  paid_appointments: 0,
  cancelled_appointments: 0,
};

const slot = (id: string, date: string, time: string, until: string, state: 'available' | 'taken' | 'booked_by_you' = 'available') => ({
  id,
  date,
  time,
  until,
  starts_at: `${date}T${time}:00Z`,
  ends_at: `${date}T${until}:00Z`,
  available: state === 'available',
  taken: state === 'taken',
  booked_by_you: state === 'booked_by_you',
});

const slots: ServiceSlotsResponse = {
  data: [
    {
      date: '2026-11-24',
      weekday: 'Tue',
      day: 24,
      month: 'Nov',
      slots: [slot('301', '2026-11-24', '09:00', '10:00'), slot('303', '2026-11-24', '11:00', '12:00', 'booked_by_you')],
    },
    {
      date: '2026-11-26',
      weekday: 'Thu',
      day: 26,
      month: 'Nov',
      slots: [slot('304', '2026-11-26', '09:00', '10:00'), slot('305', '2026-11-26', '18:30', '19:30')],
    },
  ],
  meta: {
    timezone: 'Europe/Madrid',
    service,
    max_days_before_booking: 30,
    from: '2026-11-23',
    to: '2026-12-23',
    next_from: null,
    has_more: false,
  },
};

/** The client's place in the class of Tuesday 24 November at 11:00 (UTC). */
const booking = (over: Partial<Appointment> = {}): Appointment =>
  aConfirmedAppointment({
    id: 'a9',
    slot: 303,
    name: 'Vinyasa Flow',
    date: '2026-11-24',
    time: '11:00',
    until: '12:00',
    pretty_date: 'Tuesday, 24 November 2026',
    starts_at: '2026-11-24T11:00:00Z',
    ends_at: '2026-11-24T12:00:00Z',
    service: { id: 12, type: 'class', memberships: [] },
    ...over,
  });

const moved = booking({
  slot: 305,
  date: '2026-11-26',
  time: '18:30',
  until: '19:30',
  pretty_date: 'Thursday, 26 November 2026',
  starts_at: '2026-11-26T18:30:00Z',
  ends_at: '2026-11-26T19:30:00Z',
});

function setup({
  appointment = booking(),
  reschedule,
  me = aClient,
}: { appointment?: Appointment; reschedule?: () => Response; me?: typeof aClient } = {}) {
  let current = appointment;
  const calls = serveApi(
    http.get('/api/me', () => ok(me)),
    http.get('/api/schedule', () => ok([])),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/services/12/slots', () => HttpResponse.json(slots)),
    http.get('/api/appointments/a9', () => ok(current)),
    http.post('/api/appointments/a9/reschedule', () => {
      if (reschedule) return reschedule();
      current = moved;
      return ok(moved);
    }),
  );
  const rendered = renderRoutes(routes, { path: '/demo/12?move=a9', queryClient: testQueryClient(me) });
  return { ...rendered, calls, user: userEvent.setup() };
}

const moveButton = () => screen.getByRole('button', { name: 'Move' }) as HTMLButtonElement;

// The provider goes back to the schedule, a lazy page: its first import (libraries inlined to
// render with Preact, vitest.config.ts) can take longer than a waitFor on a busy machine.
beforeAll(() => import('../../app/schedule-route.tsx'), 120_000);

describe('choose time: moving a booking', () => {
  it('opens on the booking’s day with its time marked Current time', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Choose a new time' })).toBeTruthy();
    const current = await screen.findByRole('button', { name: '11:00 Current time' });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(current.textContent).toContain('Current time');
    expect(screen.getByText(/Moving your booking of Tuesday, 24 November 2026, 11:00/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /24 November 2026/ }).getAttribute('aria-checked')).toBe('true');
    expect(moveButton().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('asks to confirm the new time, posts the move and shows the booking at its new time', async () => {
    const { user, calls, router } = setup();
    await screen.findByRole('button', { name: '11:00 Current time' });
    await user.click(screen.getByRole('radio', { name: /26 November 2026/ }));
    await user.click(await screen.findByRole('button', { name: '18:30 to 19:30' }));
    expect(await screen.findByText('Move to Thu 26 Nov, 18:30?')).toBeTruthy();
    expect(router.state.location.search).toBe('?move=a9');

    await user.click(moveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/a9'));
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/appointments/a9/reschedule');
    expect(await jsonBody(post)).toEqual({ slot_id: 305 });
    expect(await screen.findByText('Thursday, 26 November 2026')).toBeTruthy();
    expect(screen.getByText('Vinyasa Flow is now on Thu 26 Nov, 18:30.')).toBeTruthy();
  });

  it('the provider moving a client’s booking is told whose it is and goes back to the schedule', async () => {
    const { user, calls, router } = setup({ me: aProvider });
    expect(await screen.findByText(/Moving Ada Lovelace’s booking of Tuesday, 24 November 2026, 11:00/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    await user.click(moveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    expect(await jsonBody(calls.find((c) => c.method === 'POST' && c.url === '/api/appointments/a9/reschedule'))).toEqual({ slot_id: 301 });
  });

  it('a time taken meanwhile says so and lets the client pick another', async () => {
    const { user, router } = setup({
      reschedule: () => apiError(409, { message: 'This slot is no longer available. Please select another one.', code: 'slot_taken' }),
    });
    await screen.findByRole('button', { name: '11:00 Current time' });
    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    await user.click(moveButton());
    expect(await screen.findByText(MOVE_SLOT_GONE_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/12/2026-11-24'));
    expect(router.state.location.search).toBe('?move=a9');
    await waitFor(() => expect(moveButton().disabled).toBe(true));
  });

  it('a refused move shows the server’s reason', async () => {
    const { user, router } = setup({
      reschedule: () => apiError(409, { message: 'Your Monthly Unlimited has no credit left in December.', code: 'membership_unusable' }),
    });
    await screen.findByRole('button', { name: '11:00 Current time' });
    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    await user.click(moveButton());
    expect(await screen.findByText('Your Monthly Unlimited has no credit left in December.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24/09:00');
  });

  it('a booking the client may no longer move says why and cannot be moved', async () => {
    const { user } = setup({
      appointment: booking({ can_be_moved: false, move_refusal: 'It starts in less than 24 hours: please contact Harbour Yoga.' }),
    });
    expect(await screen.findByText('It starts in less than 24 hours: please contact Harbour Yoga.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    expect(moveButton().disabled).toBe(true);
    expect(within(document.body).queryByText(/Moving your booking/)).toBeNull();
  });
});
