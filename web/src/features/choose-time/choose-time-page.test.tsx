import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Service, ServiceSlotsResponse } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { browserTimeZone } from '../../lib/format.ts';
import { REDIRECT_COOKIE } from '../../lib/redirect-after-login.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http, HttpResponse } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../../test/api.ts';
import { aClient } from '../../test/generators.ts';
import { must } from '../../../../server/test/support/must.ts';

const signedOut = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
const config = () => ok({ social: { google: false, facebook: false }, marketing_url: null });
const service = (over: Partial<Service> = {}): Service => ({
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
  ...over,
});

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

const answer = (over: Partial<Service> = {}, days?: ServiceSlotsResponse['data']): ServiceSlotsResponse => ({
  data: days ?? [
    {
      date: '2026-11-24',
      weekday: 'Tue',
      day: 24,
      month: 'Nov',
      slots: [
        slot('301', '2026-11-24', '09:00', '10:00'),
        slot('302', '2026-11-24', '10:00', '11:00', 'taken'),
        slot('303', '2026-11-24', '11:00', '12:00', 'booked_by_you'),
      ],
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
    service: service(over),
    max_days_before_booking: 30,
    from: '2026-11-23',
    to: '2026-12-23',
    next_from: null,
    has_more: false,
  },
});

/** Answers by window: `pages[from]` answers ?from=…, `slots` the first window (no from). */
function setup({
  path = '/demo/12',
  signedIn = false,
  slots = answer(),
  pages = {},
  post,
}: {
  path?: string;
  signedIn?: boolean;
  slots?: ServiceSlotsResponse;
  pages?: Record<string, ServiceSlotsResponse>;
  post?: () => Response;
} = {}) {
  // A 401 from the server means the session is gone: from then on /api/me says so too.
  let sessionEnded = false;
  const calls = serveApi(
    http.get('/api/me', () => (signedIn && !sessionEnded ? ok(aClient) : signedOut())),
    http.get('/api/config', config),
    http.get('/api/services/12/slots', ({ request }) => {
      const from = new URL(request.url, 'http://x').searchParams.get('from');
      return HttpResponse.json(from ? pages[from] : slots);
    }),
    http.post('/api/appointments', () => {
      const response = post ? post() : ok({ id: 77 }, 201);
      if (response.status === 401) sessionEnded = true;
      return response;
    }),
  );
  const rendered = renderRoutes(routes, { path, queryClient: testQueryClient(signedIn ? aClient : undefined) });
  return { ...rendered, calls, user: userEvent.setup() };
}

const day = (name: RegExp) => screen.getByRole('radio', { name });
const book = () => screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement;

describe('choose time', () => {
  it('asks for the slots in the browser’s zone and says which zone the times are in', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vinyasa Flow' })).toBeTruthy();
    const request = must(
      calls.find((c) => c.url.startsWith('/api/services/12/slots')),
      "calls.find((c) => c.url.startsWith('/api/services/12/slots'))",
    );
    expect(new URL(request.url, 'http://x').searchParams.get('timezone')).toBe(browserTimeZone());
    expect(screen.getByText(/^Times in Madrid time/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Harbour Yoga/ }).getAttribute('href')).toBe('/demo');
  });

  it('puts the day and time in the URL; the chosen time unselects on a second click; another day clears the time', async () => {
    const { router, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Vinyasa Flow' });
    // Without a day in the URL, the first day with free times is shown, nothing chosen yet.
    expect(day(/24 November 2026, 1 class with places/).getAttribute('aria-checked')).toBe('true');
    expect(book().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24/09:00');
    expect(screen.getByRole('button', { name: '09:00 to 10:00' }).getAttribute('aria-pressed')).toBe('true');
    expect(book().disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24');
    expect(screen.getByRole('button', { name: '09:00 to 10:00' }).getAttribute('aria-pressed')).toBe('false');
    expect(book().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    await user.click(day(/26 November 2026, 2 classes with places/));
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-26');
    expect(day(/26 November 2026/).getAttribute('aria-checked')).toBe('true');
    const times = screen.getByRole('list', { name: /Times on Thursday, 26 November 2026/ });
    expect(
      within(times)
        .getAllByRole('button')
        .every((b) => b.getAttribute('aria-pressed') === 'false'),
    ).toBe(true);
    expect(book().disabled).toBe(true);
  });

  it('opens on the day and time of a shared link', async () => {
    setup({ path: '/demo/12/2026-11-26/18:30' });
    const chosen = await screen.findByRole('button', { name: '18:30 to 19:30' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(day(/26 November 2026/).getAttribute('aria-checked')).toBe('true');
    expect(book().disabled).toBe(false);
  });

  it('makes the days one tab stop, moved with the arrow keys, Home and End; Tab then goes to the times', async () => {
    const days = answer().data;
    const saturday = { date: '2026-11-28', weekday: 'Sat', day: 28, month: 'Nov', slots: [slot('306', '2026-11-28', '08:00', '09:00')] };
    const { router, user } = setup({ slots: answer({}, [...days, saturday]) });
    await screen.findByRole('heading', { level: 1, name: 'Vinyasa Flow' });
    // The page is re-keyed on each path, so the days are looked up afresh after each move.
    const stops = () =>
      within(screen.getByRole('radiogroup', { name: 'Days' }))
        .getAllByRole('radio')
        .filter((radio) => radio.tabIndex === 0);
    expect(stops()).toEqual([day(/24 November 2026/)]);

    // Reached by keyboard from the times below it.
    await user.click(screen.getByRole('button', { name: '09:00 to 10:00' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(day(/24 November 2026/));

    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-26');
    expect(document.activeElement).toBe(day(/26 November 2026/));
    expect(day(/26 November 2026/).getAttribute('aria-checked')).toBe('true');
    expect(stops()).toEqual([day(/26 November 2026/)]);

    await user.keyboard('{End}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-28');
    expect(document.activeElement).toBe(day(/28 November 2026, 1 class with places/));
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-28');

    await user.keyboard('{Home}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(day(/24 November 2026/));
    await user.keyboard('{ArrowDown}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-26');
    await user.keyboard('{ArrowUp}');
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24');

    // One Tab from the chosen day is the day's first free time.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '09:00 to 10:00' }));
  });

  it('disables taken times and marks the viewer’s own booking', async () => {
    setup();
    const taken = (await screen.findByRole('button', { name: '10:00, taken' })) as HTMLButtonElement;
    expect(taken.disabled).toBe(true);
    const mine = screen.getByRole('button', { name: '11:00 Booked by you' }) as HTMLButtonElement;
    expect(mine.disabled).toBe(true);
    expect(within(mine).getByText('Booked')).toBeTruthy();
  });

  it('a link to a time that is gone says so and chooses nothing', async () => {
    setup({ path: '/demo/12/2026-11-24/10:00' });
    expect(await screen.findByText('10:00 is no longer available. Please select another time.')).toBeTruthy();
    expect(book().disabled).toBe(true);
  });

  it('Book while signed out remembers the chosen time, and that Book was pressed, and goes to the login page', async () => {
    const { router, user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    await user.click(book());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo/12/2026-11-24/09:00?book=1');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('back from signing in, books the chosen time once by itself and opens the confirmation page', async () => {
    const { router, calls } = setup({ signedIn: true, path: '/demo/12/2026-11-24/09:00?book=1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/77'));
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/appointments');
    expect(posts).toHaveLength(1);
    expect(await jsonBody(posts[0])).toEqual({ service_id: 12, slot_id: 301, date: '2026-11-24', time: '09:00' });
  });

  it('back from signing in to a time taken meanwhile, books nothing and says the time is gone', async () => {
    const { router, calls } = setup({ signedIn: true, path: '/demo/12/2026-11-24/10:00?book=1' });
    expect(await screen.findByText('10:00 is no longer available. Please select another time.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('still signed out with the flag (sign-in abandoned), books nothing and drops the flag', async () => {
    const { router, calls } = setup({ path: '/demo/12/2026-11-24/09:00?book=1' });
    await screen.findByRole('button', { name: 'Book' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24/09:00');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('books a class occurrence by its id and opens the confirmation page', async () => {
    const { router, user, calls } = setup({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    await user.click(book());
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/77'));
    const post = must(
      calls.find((c) => c.method === 'POST' && c.url === '/api/appointments'),
      "calls.find((c) => c.method === 'POST' && c.url === '/api/appointments')",
    );
    expect(await jsonBody(post)).toEqual({ service_id: 12, slot_id: 301, date: '2026-11-24', time: '09:00' });
  });

  it('counts a class day in classes with places and a 1:1 day in free times, never a bare "1 free"', async () => {
    const { unmount } = setup({});
    const classDay = await screen.findByRole('radio', { name: /24 November 2026, 1 class with places/ });
    expect(within(classDay).getByText('1 class')).toBeTruthy();
    expect(within(day(/26 November 2026/)).getByText('2 classes')).toBeTruthy();
    unmount();
    setup({ slots: answer({ type: 'appointment', capacity: 1 }) });
    expect(within(await screen.findByRole('radio', { name: /24 November 2026, 1 free time$/ })).getByText('1 time')).toBeTruthy();
    expect(screen.queryByText(/\d free$/)).toBeNull();
  });

  it('books an appointment by its start instant', async () => {
    const { router, user, calls } = setup({ signedIn: true, slots: answer({ type: 'appointment', capacity: 1 }) });
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    await user.click(book());
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/77'));
    const post = must(
      calls.find((c) => c.method === 'POST' && c.url === '/api/appointments'),
      "calls.find((c) => c.method === 'POST' && c.url === '/api/appointments')",
    );
    expect(await jsonBody(post)).toEqual({ service_id: 12, starts_at: '2026-11-24T09:00:00Z', date: '2026-11-24', time: '09:00' });
  });

  it('a session that ended meanwhile (401) also remembers the time and goes to login', async () => {
    const { router, user } = setup({ signedIn: true, post: () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' }) });
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    await user.click(book());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo/12/2026-11-24/09:00?book=1');
  });

  it('a time taken meanwhile (409) says so, unselects it and loads the times again', async () => {
    const { router, user, calls } = setup({ signedIn: true, post: () => apiError(409, { message: 'Taken.', code: 'slot_taken' }) });
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    const loads = () => calls.filter((c) => c.url.startsWith('/api/services/12/slots')).length;
    const before = loads();
    await user.click(book());
    expect(await screen.findByText('This slot is no longer available. Please select another one.')).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24');
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });

  it('too many holds or attempts (429) shows the server’s advice and keeps the chosen time', async () => {
    const advice =
      'You already have 3 unconfirmed bookings with Harbour Yoga. Confirm one of them, or try again in 8 minutes when the first is released.';
    const { router, user } = setup({ signedIn: true, post: () => apiError(429, { message: advice, code: 'too_many_holds' }) });
    await user.click(await screen.findByRole('button', { name: '09:00 to 10:00' }));
    await user.click(book());
    expect(await screen.findByText(advice)).toBeTruthy();
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo/12/2026-11-24/09:00');
  });

  it('says when there are no free times in the advance window', async () => {
    setup({ slots: answer({}, []) });
    expect(await screen.findByText('No free times in the next 30 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  describe('later weeks', () => {
    const window = (from: string, to: string, next: string | null, days: ServiceSlotsResponse['data']): ServiceSlotsResponse => {
      const base = answer({}, days);
      return { ...base, meta: { ...base.meta, from, to, next_from: next, has_more: next !== null } };
    };
    const dayOf = (
      date: string,
      weekday: string,
      dayNumber: number,
      month: string,
      ...slots: ServiceSlotsResponse['data'][number]['slots']
    ) => ({ date, weekday, day: dayNumber, month, slots });
    const requestedFroms = (calls: { url: string }[]) =>
      calls.filter((c) => c.url.startsWith('/api/services/12/slots')).map((c) => new URL(c.url, 'http://x').searchParams.get('from'));

    it('are asked for, window by window, as the visitor reaches the last days loaded', async () => {
      const { calls } = setup({
        slots: window('2026-11-23', '2026-12-23', '2026-12-24', answer().data),
        pages: {
          '2026-12-24': window('2026-12-24', '2027-01-23', null, [
            dayOf('2026-12-28', 'Mon', 28, 'Dec', slot('401', '2026-12-28', '09:00', '10:00')),
          ]),
        },
      });
      expect(await screen.findByRole('radio', { name: /28 December 2026, 1 class with places/ })).toBeTruthy();
      expect(requestedFroms(calls)).toEqual([null, '2026-12-24']);
      // The first free day stays chosen.
      expect(day(/24 November 2026/).getAttribute('aria-checked')).toBe('true');
    });

    it('are looked through until a free time turns up', async () => {
      setup({
        slots: window('2026-11-23', '2026-12-23', '2026-12-24', [
          dayOf('2026-11-24', 'Tue', 24, 'Nov', slot('301', '2026-11-24', '09:00', '10:00', 'taken')),
        ]),
        pages: {
          '2026-12-24': window('2026-12-24', '2027-01-23', null, [
            dayOf('2027-01-05', 'Tue', 5, 'Jan', slot('501', '2027-01-05', '09:00', '10:00')),
          ]),
        },
      });
      expect((await screen.findByRole('radio', { name: /5 January 2027, 1 class with places/ })).getAttribute('aria-checked')).toBe('true');
      expect(screen.queryByText(/No free times/)).toBeNull();
    });

    it('are loaded up to the day of a shared link', async () => {
      setup({
        path: '/demo/12/2027-01-05/09:00',
        slots: window('2026-11-23', '2026-12-23', '2026-12-24', answer().data),
        pages: {
          '2026-12-24': window('2026-12-24', '2027-01-23', null, [
            dayOf('2027-01-05', 'Tue', 5, 'Jan', slot('501', '2027-01-05', '09:00', '10:00')),
          ]),
        },
      });
      expect((await screen.findByRole('button', { name: '09:00 to 10:00' })).getAttribute('aria-pressed')).toBe('true');
      expect(day(/5 January 2027/).getAttribute('aria-checked')).toBe('true');
      expect(screen.queryByText(/has no times any more/)).toBeNull();
    });
  });

  it('an unknown service shows Page not found', async () => {
    serveApi(http.get('/api/me', signedOut), http.get('/api/config', config));
    renderRoutes(routes, { path: '/demo/999' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('choose time: the waitlist of a full class', () => {
  const fullDay = (waitlist: { waitlist_open: boolean; waitlist_position: number | null }): ServiceSlotsResponse['data'] => [
    {
      date: '2026-11-24',
      weekday: 'Tue',
      day: 24,
      month: 'Nov',
      slots: [slot('301', '2026-11-24', '09:00', '10:00'), { ...slot('302', '2026-11-24', '10:00', '11:00', 'taken'), ...waitlist }],
    },
  ];

  it('offers Join waitlist on a full class and sends auto_book as chosen', async () => {
    const { calls, user } = setup({
      path: '/demo/12/2026-11-24',
      signedIn: true,
      slots: answer({}, fullDay({ waitlist_open: true, waitlist_position: null })),
    });
    serveApi(http.post('/api/slots/302/waitlist', () => ok({ slot_id: 302, position: 3, auto_book: true }, 201)));
    await user.click(await screen.findByRole('checkbox', { name: /Book me at once with a membership credit/ }));
    await user.click(screen.getByRole('button', { name: 'Join waitlist for 10:00' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/slots/302/waitlist')).toBe(true));
    expect(await jsonBody(calls.find((c) => c.url === '/api/slots/302/waitlist'))).toEqual({ auto_book: 1 });
    expect(await screen.findByText('Your position: #3.')).toBeTruthy();
  });

  it('shows the client’s position and lets them leave', async () => {
    const { calls, user } = setup({
      path: '/demo/12/2026-11-24',
      signedIn: true,
      slots: answer({}, fullDay({ waitlist_open: true, waitlist_position: 2 })),
    });
    serveApi(http.delete('/api/slots/302/waitlist', () => new HttpResponse(null, { status: 204 })));
    expect(await screen.findByText('On the waitlist · #2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist for 10:00' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/slots/302/waitlist')).toBe(true));
  });
});
