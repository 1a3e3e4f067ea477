import '../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicProfile, ServiceSlotsResponse } from '@slotted/contract';
import { renderRoutes } from '../test/render.tsx';
import { apiError, ok, serveApi } from '../test/api.ts';
import { aService } from '../test/generators.ts';
import { routes } from './router.tsx';

const config = () => ok({ social: { google: false, facebook: false }, marketing_url: null });
const flow = aService({
  id: 12,
  name: 'Vinyasa Flow',
  type: 'class',
  provider: { name: 'Harbour Yoga', username: 'demo', avatar: null, timezone: 'UTC' },
});
const profile: PublicProfile = {
  name: 'Harbour Yoga',
  username: 'demo',
  avatar: null,
  cover: null,
  bio: 'A small studio by the sea.',
  phone: null,
  email: 'hello@harbour.example',
  timezone: 'Europe/Madrid',
  plans: [],
  services: [flow],
  policy: { min_hours_before_cancellation: 24, terms_of_service: '' },
};
const noSlots: ServiceSlotsResponse = {
  data: [],
  meta: {
    timezone: 'Europe/Madrid',
    service: flow,
    max_days_before_booking: 30,
    from: '2026-11-23',
    to: '2026-12-23',
    next_from: null,
    has_more: false,
  },
};

describe('public pages', () => {
  it('show their content without waiting to learn who is signed in', async () => {
    // /api/me never answers: the profile still asks for its data and shows it.
    serveApi(
      http.get('/api/me', () => new Promise<never>(() => {})),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile)),
    );
    renderRoutes(routes, { path: '/demo' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Yoga' })).toBeTruthy();
    expect(screen.getByText('A small studio by the sea.')).toBeTruthy();
  });

  it('fetch a service’s free times when the visitor points at it, and do not fetch them again on opening it', async () => {
    const sent = serveApi(
      http.get('/api/me', () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' })),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile)),
      http.get('/api/services/12/slots', () => HttpResponse.json(noSlots)),
    );
    renderRoutes(routes, { path: '/demo' });
    const user = userEvent.setup();
    const card = await screen.findByRole('link', { name: /Vinyasa Flow/ });
    const slotRequests = () => sent.filter((r) => r.url.startsWith('/api/services/12/slots'));
    expect(slotRequests()).toHaveLength(0);

    await user.hover(card);
    await vi.waitFor(() => expect(slotRequests()).toHaveLength(1));

    await user.click(card);
    expect(await screen.findByRole('heading', { name: 'Vinyasa Flow' })).toBeTruthy();
    expect(slotRequests()).toHaveLength(1);
  });
});
