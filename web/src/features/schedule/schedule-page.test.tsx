import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, ScheduleDay, ScheduleSlot } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { addDays, dayHeading, formatLongDate, formatWeekday, todayIn } from '../../lib/format.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http, HttpResponse } from 'msw';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider, rosterFacts } from '../../test/generators.ts';
import { must } from '../../../../server/test/support/must.ts';

const today = todayIn(aProvider.timezone);
const inDays = (n: number) => addDays(today, n);
const later = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

const client = (id: string, name: string) => ({ id, name, avatar: null, is_me: false });

const classSlot = (over: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: '31',
  kind: 'class',
  date: inDays(1),
  time: '18:30',
  until: '19:30',
  starts_at: later(1),
  ends_at: later(1.05),
  timezone: 'Europe/Madrid',
  in_the_past: false,
  cancelled_at: null,
  service: { id: 1, name: 'Vinyasa Flow', type: 'class', location: 'Main studio', duration: 60, capacity: 12 },
  provider: { name: 'Pat Provider', username: 'pat', avatar: null, timezone: 'Europe/Madrid' },
  is_mine: true,
  participants: 2,
  waitlist_count: 0,
  appointments: [
    { ...rosterFacts, id: 'a1', status: 'confirmed', cancelled_at: null, client: client('c1', 'Ada Lovelace') },
    { ...rosterFacts, id: 'a2', status: 'confirmed', cancelled_at: null, client: client('c2', 'Grace Hopper') },
    { ...rosterFacts, id: 'a3', status: 'cancelled', cancelled_at: later(-1), client: client('c3', 'Alan Turing') },
  ],
  repeater: { id: 5, weekdays: ['mon', 'wed'], start_time: '18:30', repeat_every: '1w' },
  ...over,
});

const day = (date: string, slots: ScheduleSlot[]): ScheduleDay => ({ date, weekday: '', day: Number(date.slice(8)), month: '', slots });

function setup({
  me = aProvider,
  days = [] as ScheduleDay[],
  past = [] as ScheduleDay[],
  path = '/schedule',
  del,
}: { me?: Me; days?: ScheduleDay[]; past?: ScheduleDay[]; path?: string; del?: () => Response } = {}) {
  const calls = serveApi(
    http.get('/api/me', () => ok(me)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get('/api/schedule', ({ request }) => ok(new URL(request.url, 'http://x').searchParams.get('subset') === 'past' ? past : days)),
    http.get('/api/services', () => ok([])),
    http.delete('/api/slots/31', del ?? (() => new HttpResponse(null, { status: 204 }))),
  );
  const rendered = renderRoutes(routes, { path, queryClient: testQueryClient(me) });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('schedule', () => {
  it('heads every day one way: Today, Tomorrow or the weekday, a dot, then the date', async () => {
    const slot = classSlot();
    setup({
      days: [
        day(inDays(0), [{ ...slot, id: '1', date: inDays(0) }]),
        day(inDays(1), [slot]),
        day(inDays(3), [{ ...slot, id: '3', date: inDays(3) }]),
      ],
    });
    // One format for every day: 'Today · Friday 27 November', 'Sunday · 29 November'.
    const heading = (date: string) => {
      const { title, subtitle } = dayHeading(date, inDays(0));
      return new RegExp(`^${title}\\s*· ${subtitle}$`);
    };
    const today = await screen.findByRole('heading', { name: heading(inDays(0)) });
    expect(today.textContent).toMatch(/^Today· \w+day \d{1,2} \w+( \d{4})?$/);
    expect(screen.getByRole('heading', { name: heading(inDays(1)) }).textContent).toMatch(/^Tomorrow· /);
    expect(screen.getByRole('heading', { name: heading(inDays(3)) }).textContent).toBe(
      `${formatWeekday(inDays(3))}· ${dayHeading(inDays(3), inDays(0)).subtitle}`,
    );
    // Times are in the account's zone, named, with the device's when it differs (UTC in tests).
    expect(screen.getByText('Times in Madrid time (this device is on UTC)')).toBeTruthy();
  });

  it('shows each card’s service, times, location and class size; a cancelled one is marked', async () => {
    setup({ days: [day(inDays(1), [classSlot(), classSlot({ id: '32', time: '20:00', until: '21:00', cancelled_at: later(-1) })])] });
    const card = must(
      (await screen.findByRole('button', { name: 'Vinyasa Flow, 18:30 to 19:30' })).closest('article'),
      "(await screen.findByRole('button', { name: 'Vinyasa Flow, 18:30 to 19:30' })).closest('article')",
    );
    expect(within(card).getByText('Main studio')).toBeTruthy();
    expect(within(card).getByText('2/12')).toBeTruthy();
    const cancelled = must(
      screen.getByRole('button', { name: 'Vinyasa Flow, 20:00 to 21:00, cancelled' }).closest('article'),
      "screen.getByRole('button', { name: 'Vinyasa Flow, 20:00 to 21:00, cancelled' }).closest('article')",
    );
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
  });

  it('says when there is nothing, per subset', async () => {
    setup();
    expect(await screen.findByText('No future bookings')).toBeTruthy();
    setup({ path: '/schedule/past' });
    expect(await screen.findByText('No past bookings')).toBeTruthy();
  });

  it('offers Add a Class to providers on the upcoming view only', async () => {
    const { user } = setup({ days: [day(inDays(1), [classSlot()])] });
    await screen.findByRole('button', { name: /Vinyasa Flow/ });
    expect(screen.getByRole('button', { name: 'Add a Class' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Past' }));
    expect(await screen.findByText('No past bookings')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a Class' })).toBeNull();
  });

  it('clients never see Add a Class', async () => {
    setup({ me: aClient, days: [day(inDays(1), [classSlot({ is_mine: false, appointments: [] })])] });
    await screen.findByRole('button', { name: /Vinyasa Flow/ });
    expect(screen.queryByRole('button', { name: 'Add a Class' })).toBeNull();
  });

  it('a card opens the booking details: service, date, time and, for one’s own class, the clients', async () => {
    const { user } = setup({ days: [day(inDays(1), [classSlot()])] });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    const panel = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(within(panel).getByRole('heading', { name: 'Service' })).toBeTruthy();
    expect(within(panel).getByText(formatLongDate(inDays(1)))).toBeTruthy();
    expect(within(panel).getByText('18:30 – 19:30')).toBeTruthy();
    expect(within(panel).getByText('Repeats every week on Mon and Wed')).toBeTruthy();

    const attending = within(panel).getByRole('tab', { name: 'Attending 2' });
    expect(attending.getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(panel).getByText('Grace Hopper')).toBeTruthy();
    expect(within(panel).queryByText('Alan Turing')).toBeNull();
    await user.click(within(panel).getByRole('tab', { name: 'Cancelled 1' }));
    expect(within(panel).getByText('Alan Turing')).toBeTruthy();
  });

  it('someone else’s booking shows the provider with a link to their profile, and no Cancel class', async () => {
    const { user } = setup({ me: aClient, days: [day(inDays(1), [classSlot({ is_mine: false, appointments: [] })])] });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    const panel = await screen.findByRole('dialog', { name: 'Booking details' });
    const link = within(panel).getByRole('link', { name: /View profile/ });
    expect(link.getAttribute('href')).toBe('/pat');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(panel).queryByRole('button', { name: 'Cancel class' })).toBeNull();
  });

  it('no Cancel class for a past or an already cancelled class', async () => {
    const { user } = setup({
      days: [day(inDays(1), [classSlot({ cancelled_at: later(-1) })])],
    });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    const panel = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(within(panel).getByText('This class was cancelled.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel class' })).toBeNull();
  });

  it('cancels this and all following classes after saying clients are refunded', async () => {
    const { user, calls } = setup({ days: [day(inDays(1), [classSlot()])] });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Booking details' })).getByRole('button', { name: 'Cancel class' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel class' });
    expect(dialog.textContent).toMatch(/immediate/);
    expect(dialog.textContent).toMatch(/refunded in full/);
    expect((within(dialog).getByRole('radio', { name: /Only this class/ }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('radio', { name: /This and all following classes/ }));
    const loads = calls.filter((c) => c.url.startsWith('/api/schedule')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel class' }));

    expect(await screen.findByText('Class cancelled.')).toBeTruthy();
    const del = must(
      calls.find((c) => c.method === 'DELETE'),
      "calls.find((c) => c.method === 'DELETE')",
    );
    expect(del.url).toBe('/api/slots/31?upcoming=1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booking details' })).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/schedule')).length).toBeGreaterThan(loads));
  });

  it('a class that does not repeat is cancelled alone, without a choice', async () => {
    const { user, calls } = setup({ days: [day(inDays(1), [classSlot({ repeater: null })])] });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Booking details' })).getByRole('button', { name: 'Cancel class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel class' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel class' }));
    expect(await screen.findByText('Class cancelled.')).toBeTruthy();
    expect(
      must(
        calls.find((c) => c.method === 'DELETE'),
        "calls.find((c) => c.method === 'DELETE')",
      ).url,
    ).toBe('/api/slots/31?upcoming=0');
  });

  it('a failed cancellation says to try again in a minute and keeps the dialog open', async () => {
    const { user } = setup({
      days: [day(inDays(1), [classSlot()])],
      del: () => apiError(500, { message: 'Boom', code: 'internal_error' }),
    });
    await user.click(await screen.findByRole('button', { name: /Vinyasa Flow/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Booking details' })).getByRole('button', { name: 'Cancel class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel class' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel class' }));
    expect(await screen.findByText('Something went wrong, please try again in a minute.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cancel class' })).toBeTruthy();
  });

  it('a schedule that cannot be loaded offers to try again (a 404 is no longer an empty schedule)', async () => {
    serveApi(
      http.get('/api/me', () => ok(aProvider)),
      http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    );
    renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(aProvider) });
    expect(await screen.findByText('We could not load your schedule')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
