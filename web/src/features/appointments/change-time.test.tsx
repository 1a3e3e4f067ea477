import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Appointment } from '@slotted/contract';
import { http } from 'msw';
import { routes } from '../../app/router.tsx';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { ok, serveApi } from '../../test/api.ts';
import { aClient, aConfirmedAppointment } from '../../test/generators.ts';

const ID = aConfirmedAppointment().id;

function setup(appointment: Appointment) {
  serveApi(
    http.get('/api/me', () => ok(aClient)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get(`/api/appointments/${ID}`, () => ok(appointment)),
  );
  return renderRoutes(routes, { path: `/appointments/${ID}`, queryClient: testQueryClient(aClient) });
}

describe('booking page: Change time and no-shows', () => {
  it('offers Change time, opening Choose time for the service in move mode', async () => {
    setup(aConfirmedAppointment());
    const link = await screen.findByRole('link', { name: 'Change time' });
    expect(link.getAttribute('href')).toBe(`/pat/7?move=${ID}`);
  });

  it('says why a booking can no longer be moved, instead of the button', async () => {
    setup(
      aConfirmedAppointment({ can_be_moved: false, move_refusal: 'It is too late to move this booking: please contact Pat Provider.' }),
    );
    expect(await screen.findByText('It is too late to move this booking: please contact Pat Provider.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change time' })).toBeNull();
  });

  it('says a no-show keeps the membership credit used', async () => {
    setup(
      aConfirmedAppointment({
        attendance: 'no_show',
        in_the_past: true,
        can_be_moved: false,
        can_be_cancelled: false,
        payment_method: 'membership',
        membership: { id: 'm1', name: '10-Class Pack' },
      }),
    );
    expect(await screen.findByText(/marked this session as missed \(a no-show\)/)).toBeTruthy();
    expect(screen.getByText(/the membership credit stays used/)).toBeTruthy();
  });

  it('and a card payment kept', async () => {
    setup(
      aConfirmedAppointment({ attendance: 'no_show', payment_method: 'card', paid_at: '2026-11-20T08:00:00Z', missing_payment: false }),
    );
    expect(await screen.findByText(/the card payment is kept/)).toBeTruthy();
  });
});
