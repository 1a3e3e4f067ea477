import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { CalendarConnection } from '@slotted/contract';
import { apiError, jsonBody, ok, serveApi } from '../../test/api.ts';
import { aProvider } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { CalendarSettingsPage } from './pages/calendar-settings-page.tsx';

const config = http.get('/api/config', () =>
  ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: null }),
);

/** The feed section above the connections: no address yet. */
const noFeed = http.get('/api/calendar-feed', () => ok(null));

const failing: CalendarConnection = {
  id: '11111111-1111-4111-8111-111111111111',
  server_url: 'https://caldav.example.com',
  username: 'ana@example.com',
  calendars: [
    { url: 'https://caldav.example.com/ana/work/', name: 'Work', blocks: true, writes: true },
    { url: 'https://caldav.example.com/ana/home/', name: 'Home', blocks: false, writes: false },
  ],
  synced_at: '2026-11-23T08:00:00Z',
  failing_since: '2026-11-23T08:05:00Z',
  created_at: '2026-11-20T08:00:00Z',
};

function renderPage() {
  return renderRoutes([{ path: '/settings/calendar', element: <CalendarSettingsPage /> }], {
    path: '/settings/calendar',
    queryClient: testQueryClient({ ...aProvider, timezone: 'Europe/Madrid' }),
  });
}

describe('calendar connections in settings', () => {
  it('shows each connection’s calendars and since when it is not syncing, and saves the choices', async () => {
    const user = userEvent.setup();
    const sent = serveApi(
      config,
      noFeed,
      http.get('/api/calendar-connections', () => ok([failing])),
      http.post('/api/calendar-connections/:id', () => ok(failing)),
    );
    renderPage();

    expect(await screen.findByText('Not syncing since 23 Nov, 09:05')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Work' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('switch', { name: 'Home' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await jsonBody(sent.find((r) => r.method === 'POST'))).toEqual({
      calendars: [
        { url: 'https://caldav.example.com/ana/work/', blocks: true, writes: true },
        { url: 'https://caldav.example.com/ana/home/', blocks: true, writes: false },
      ],
    });
  });

  it('connects, and puts a refused password under its field', async () => {
    const user = userEvent.setup();
    serveApi(
      config,
      noFeed,
      http.get('/api/calendar-connections', () => ok([])),
      http.post('/api/calendar-connections', () =>
        apiError(422, {
          message: 'The server refused this user name and password.',
          code: 'validation_failed',
          errors: { password: ['The server refused this user name and password.'] },
        }),
      ),
    );
    renderPage();

    await user.type(await screen.findByLabelText('Server address'), 'https://caldav.example.com');
    await user.type(screen.getByLabelText('User name'), 'ana@example.com');
    await user.type(screen.getByLabelText('App password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The server refused this user name and password.')).toBeTruthy();
    expect(screen.getByLabelText('App password').getAttribute('aria-invalid')).toBe('true');
  });
});
