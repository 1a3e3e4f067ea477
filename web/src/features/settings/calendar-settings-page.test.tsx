import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CalendarFeed } from '@slotted/contract';
import { ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { CalendarSettingsPage } from './pages/calendar-settings-page.tsx';

const address = (token: string): CalendarFeed => ({
  https: `https://slotted.example/feeds/${token}.ics`,
  webcal: `webcal://slotted.example/feeds/${token}.ics`,
});

const config = http.get('/api/config', () =>
  ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: null }),
);

describe('calendar settings', () => {
  it('makes the private address, offers it to the calendar app and to copy, and a new one ends the old', async () => {
    const user = userEvent.setup();
    let current: CalendarFeed | null = null;
    const tokens = ['a'.repeat(43), 'b'.repeat(43)];
    const sent = serveApi(
      config,
      http.get('/api/calendar-feed', () => ok(current)),
      http.get('/api/calendar-connections', () => ok([])),
      http.post('/api/calendar-feed', () => {
        current = address(tokens.shift() ?? 'z');
        return HttpResponse.json({ data: current }, { status: 201 });
      }),
    );
    renderRoutes([{ path: '/settings/calendar', element: <CalendarSettingsPage /> }], {
      path: '/settings/calendar',
      queryClient: testQueryClient(aProvider),
    });

    expect(await screen.findByText(/See your bookings and classes in the calendar you already use/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get my calendar address' }));
    const open = await screen.findByRole('link', { name: 'Add to my calendar app' });
    expect(open.getAttribute('href')).toBe(`webcal://slotted.example/feeds/${'a'.repeat(43)}.ics`);
    expect((screen.getByLabelText('Calendar address') as HTMLInputElement).value).toBe(
      `https://slotted.example/feeds/${'a'.repeat(43)}.ics`,
    );

    await user.click(screen.getByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByText('The old address no longer works.')).toBeTruthy();
    expect((screen.getByLabelText('Calendar address') as HTMLInputElement).value).toBe(
      `https://slotted.example/feeds/${'b'.repeat(43)}.ics`,
    );
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe('page');
  });

  it('tells a client it is about their bookings', async () => {
    serveApi(
      config,
      http.get('/api/calendar-feed', () => ok(null)),
    );
    renderRoutes([{ path: '/settings/calendar', element: <CalendarSettingsPage /> }], {
      path: '/settings/calendar',
      queryClient: testQueryClient(aClient),
    });
    expect(await screen.findByText(/See your bookings in the calendar you already use/)).toBeTruthy();
  });
});
