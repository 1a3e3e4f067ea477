import '../../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import type { Me, Plan, PublicProfile, Service, TimetableClass } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { renderRoutes } from '../../test/render.tsx';
import { http, HttpResponse } from 'msw';
import { apiError, jsonBody, ok, serveApi } from '../../test/api.ts';
import { aClient, aProvider, aService } from '../../test/generators.ts';
import { getCookie } from '../../lib/cookies.ts';
import { REDIRECT_COOKIE } from '../../lib/redirect-after-login.ts';
import { testQueryClient } from '../../test/render.tsx';
import { must } from '../../../../server/test/support/must.ts';

const signedOut = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
const config = () => ok({ social: { google: false, facebook: false }, marketing_url: null });

const provider = { name: 'Harbour Yoga', username: 'demo', avatar: null, timezone: 'UTC' };
const aVinyasaClass = (over: Partial<Service> = {}): Service =>
  aService({
    id: 12,
    name: 'Vinyasa Flow',
    type: 'class',
    description:
      '<p>Breath-led <strong>flow</strong>.</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>',
    price: 15,
    duration: 60,
    location: 'Main studio',
    capacity: 12,
    provider,
    is_mine: false,
    ...over,
  });

const profile = (over: Partial<PublicProfile> = {}): PublicProfile => ({
  name: 'Harbour Yoga',
  username: 'demo',
  avatar: null,
  cover: null,
  bio: 'A small studio by the sea.',
  phone: '+34 600 123 456',
  email: 'hello@harbour.example',
  timezone: 'Europe/Madrid',
  plans: [],
  services: [aVinyasaClass(), aVinyasaClass({ id: 13, name: '1:1 Mobility', type: 'appointment', capacity: 1, price: 55, duration: 45 })],
  policy: { min_hours_before_cancellation: 24, terms_of_service: '' },
  ...over,
});

describe('public profile', () => {
  it('shows the provider and their services, each leading to its choose-time page', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
    );
    renderRoutes(routes, { path: '/demo' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Yoga' })).toBeTruthy();
    expect(screen.getByText('A small studio by the sea.')).toBeTruthy();
    // Signed-out visitors get the navbar with Log in.
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

    const flow = screen.getByRole('link', { name: /Vinyasa Flow/ });
    expect(flow.getAttribute('href')).toBe('/demo/12');
    expect(within(flow).getByText('Class')).toBeTruthy();
    expect(within(flow).getByText('€15.00')).toBeTruthy();
    expect(within(flow).getByText('1 h')).toBeTruthy();
    // The card previews the description as sanitised running text (the full rich text is on the next page).
    expect(within(flow).getByText('Breath-led flow.')).toBeTruthy();
    expect(flow.querySelector('script')).toBeNull();
    expect(flow.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: /1:1 Mobility/ }).getAttribute('href')).toBe('/demo/13');

    // Without plans there is no empty 'Plans 0' tab; Services comes first, then the classes' Timetable.
    expect(screen.queryByRole('tab', { name: /Plans/ })).toBeNull();
    expect(
      within(screen.getByRole('tablist', { name: 'Offers' }))
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]),
    ).toEqual([
      ['Services2', 'true'],
      ['Timetable', 'false'],
    ]);
  });

  it('opens on the Timetable with ?show=timetable (where Book a class leads)', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
      http.get('/api/profile/demo/timetable', () =>
        HttpResponse.json({ data: [], meta: { timezone: 'UTC', from: '2026-11-24', to: '2026-11-30', next_from: null } }),
      ),
    );
    renderRoutes(routes, { path: '/demo?show=timetable' });
    expect((await screen.findByRole('tab', { name: 'Timetable' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No classes scheduled')).toBeTruthy();
  });

  it('a studio with 1:1 services only and no plans lists them alone', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () =>
        ok(profile({ services: [aVinyasaClass({ id: 13, name: '1:1 Mobility', type: 'appointment' })] })),
      ),
    );
    renderRoutes(routes, { path: '/demo' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Services' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows the week’s classes day by day with places left, each leading to that class’s time; Show next week adds a week', async () => {
    const entry = (over: Partial<TimetableClass>): TimetableClass => ({
      slot_id: '301',
      service: { id: 12, name: 'Vinyasa Flow', duration: 60, location: 'Main studio' },
      date: '2026-11-24',
      time: '18:00',
      until: '19:00',
      starts_at: '2026-11-24T17:00:00Z',
      ends_at: '2026-11-24T18:00:00Z',
      capacity: 12,
      places_left: 3,
      bookable: true,
      ...over,
    });
    const day = (date: string, weekday: string, dayNumber: number, classes: TimetableClass[]) => ({
      date,
      weekday,
      day: dayNumber,
      month: 'Nov',
      classes,
    });
    const week = {
      data: [
        day('2026-11-24', 'Tue', 24, [entry({}), entry({ slot_id: '302', time: '19:30', until: '20:30', places_left: 1 })]),
        day('2026-11-25', 'Wed', 25, []),
        day('2026-11-26', 'Thu', 26, [entry({ slot_id: '303', date: '2026-11-26', places_left: 0, bookable: false })]),
      ],
      meta: { timezone: 'Europe/Madrid', from: '2026-11-24', to: '2026-11-30', next_from: '2026-12-01' },
    };
    const nextWeek = {
      data: [day('2026-12-01', 'Tue', 1, [entry({ slot_id: '401', date: '2026-12-01' })])],
      meta: { timezone: 'Europe/Madrid', from: '2026-12-01', to: '2026-12-07', next_from: null },
    };
    const calls = serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
      http.get('/api/profile/demo/timetable', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('from') ? nextWeek : week),
      ),
    );
    renderRoutes(routes, { path: '/demo' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Timetable' }));
    const tuesday = await screen.findByRole('region', { name: /24 November 2026|Tuesday/ });
    const links = within(tuesday).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['18:00Vinyasa Flow1 h · Main studio3 places left', '/demo/12/2026-11-24/18:00'],
      ['19:30Vinyasa Flow1 h · Main studio1 place left', '/demo/12/2026-11-24/19:30'],
    ]);
    expect(within(screen.getByRole('region', { name: /25 November 2026|Wednesday/ })).getByText('No classes')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: /26 November 2026|Thursday/ })).getByText('Full')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/profile/demo/timetable?timezone='))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Show next week' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show next week' })).toBeNull());
    expect(screen.getAllByRole('link', { name: /18:00Vinyasa Flow/ }).map((link) => link.getAttribute('href'))).toEqual([
      '/demo/12/2026-11-24/18:00',
      // A full class leads to its time too, where its waitlist is offered.
      '/demo/12/2026-11-26/18:00',
      '/demo/12/2026-12-01/18:00',
    ]);
  });

  it('starts the Tab order of a signed-out page with a skip link to the page', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
    );
    renderRoutes(routes, { path: '/demo' });
    await screen.findByRole('heading', { level: 1, name: 'Harbour Yoga' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.getAttribute('tabindex')).toBe('-1');
  });

  it('shows plans with price, interval and benefits', async () => {
    const plans: Plan[] = [
      {
        id: 1,
        name: 'Unlimited',
        description: '<p>All classes.</p>',
        price: 89,
        interval: 'month',
        expires_in: null,
        benefits: ['Every class', 'Free mat'],
        services: [],
        cover: null,
      },
      { id: 2, name: '10-class pack', description: '', price: 120, interval: '', expires_in: '6', benefits: [], services: [], cover: null },
    ];
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile({ plans, services: [] }))),
    );
    renderRoutes(routes, { path: '/demo' });

    // With plans and no services, the Plans segment opens first.
    const unlimited = must(
      (await screen.findByRole('heading', { name: 'Unlimited' })).closest('article'),
      "(await screen.findByRole('heading', { name: 'Unlimited' })).closest('article')",
    );
    expect(within(unlimited).getByText('€89.00')).toBeTruthy();
    expect(within(unlimited).getByText('/month')).toBeTruthy();
    expect(within(unlimited).getByText('Free mat')).toBeTruthy();
    expect(within(unlimited).getByText('All classes.')).toBeTruthy();
    const pack = must(
      screen.getByRole('heading', { name: '10-class pack' }).closest('article'),
      "screen.getByRole('heading', { name: '10-class pack' }).closest('article')",
    );
    expect(within(pack).getByText('one-time')).toBeTruthy();
    expect(within(pack).getByText('Valid for 6 months')).toBeTruthy();
  });

  it('the contact dialog links to e-mail and phone', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
    );
    renderRoutes(routes, { path: '/demo' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Contact' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contact Harbour Yoga' });
    expect(
      within(dialog)
        .getByRole('link', { name: /hello@harbour.example/ })
        .getAttribute('href'),
    ).toBe('mailto:hello@harbour.example');
    expect(
      within(dialog)
        .getByRole('link', { name: /\+34 600 123 456/ })
        .getAttribute('href'),
    ).toBe('tel:+34600123456');
  });

  it('the share dialog shows the profile link, copies it and draws its QR code (level Q, 240 px)', async () => {
    const user = userEvent.setup();
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, { path: '/demo' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));

    const url = `${window.location.origin}/demo`;
    const dialog = await screen.findByRole('dialog', { name: 'Share profile' });
    expect((within(dialog).getByLabelText('Profile link') as HTMLInputElement).value).toBe(url);

    const qr = (await within(dialog).findByRole('img', { name: `QR code for ${url}` })) as HTMLImageElement;
    expect(qr.getAttribute('width')).toBe('240');
    const expected = await QRCode.toString(url, {
      type: 'svg',
      errorCorrectionLevel: 'Q',
      width: 240,
      margin: 2,
      color: { dark: '#18181b', light: '#ffffff' },
    });
    expect(decodeURIComponent(qr.src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))).toBe(expected);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('an unknown provider shows Page not found', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config),
      http.get('/api/profile/nobody', () => apiError(404, { message: 'There is no provider at this address.', code: 'not_found' })),
    );
    renderRoutes(routes, { path: '/nobody' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('a signed-in provider sees an Edit profile link on their own page', async () => {
    serveApi(
      http.get('/api/me', () =>
        ok({
          id: 'u2',
          email: 'pat@example.com',
          name: 'Pat',
          phone: null,
          avatar: null,
          cover: null,
          bio: null,
          username: 'demo',
          timezone: 'Europe/Madrid',
          is_provider: true,
          require_payment: false,
          stripe_connected: false,
          sign_in_methods: ['email'],
        }),
      ),
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile())),
    );
    renderRoutes(routes, { path: '/demo' });
    await waitFor(() => expect(screen.getByRole('link', { name: /Edit profile/ }).getAttribute('href')).toBe('/settings/account'));
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    // Nobody contacts themselves: their own page offers Edit profile and Share only.
    expect(screen.queryByRole('button', { name: 'Contact' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});

describe('public profile: buying a plan', () => {
  const monthly: Plan = {
    id: 1,
    name: 'Unlimited',
    description: '',
    price: 89,
    interval: 'month',
    expires_in: null,
    benefits: [],
    services: [],
    cover: null,
  };
  const pack: Plan = { ...monthly, id: 2, name: '10-class pack', price: 120, interval: '', expires_in: '6' };
  const MEMBERSHIP_ID = '3d2a8f7e-5b1c-4e0a-9f3d-2c1b0a9e8d7f';

  function setup({
    me = aClient as Me | null,
    path = '/demo',
    buy = (): Response | Promise<Response> => ok({ id: MEMBERSHIP_ID }, 201),
  } = {}) {
    const calls = serveApi(
      http.get('/api/config', config),
      http.get('/api/profile/demo', () => ok(profile({ plans: [monthly, pack] }))),
      http.post('/api/memberships', buy),
    );
    const rendered = renderRoutes(routes, { path, queryClient: testQueryClient(me) });
    const bought = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/memberships');
    return { ...rendered, bought, user: userEvent.setup() };
  }

  it('a client buys a plan: the purchase is created and its checkout opens', async () => {
    const { router, bought, user } = setup();
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    const button = screen.getByRole('button', { name: 'Get membership: Unlimited' });
    expect(screen.getByRole('button', { name: 'Buy pack: 10-class pack' })).toBeTruthy();
    await user.click(button);
    // The router commits the navigation once the checkout page's lazy module has loaded: its first
    // transform can take seconds on a busy CI machine.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/memberships/${MEMBERSHIP_ID}`), { timeout: 15_000 });
    expect(bought()).toHaveLength(1);
    expect(await jsonBody(bought()[0])).toEqual({ plan_id: 1 });
  });

  it('a signed-out visitor is sent to sign in, and the plan is remembered', async () => {
    const { router, bought, user } = setup({ me: null });
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    await user.click(screen.getByRole('button', { name: 'Buy pack: 10-class pack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo?plan=2');
    expect(bought()).toHaveLength(0);
  });

  it('a 401 from the purchase also remembers the plan and goes to /login', async () => {
    const { router, user } = setup({ buy: () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' }) });
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    await user.click(screen.getByRole('button', { name: 'Get membership: Unlimited' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe('/demo?plan=1');
  });

  it('back from signing in, the purchase of the remembered plan carries on by itself', async () => {
    const { router, bought } = setup({ path: '/demo?plan=2' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/memberships/${MEMBERSHIP_ID}`));
    expect(bought()).toHaveLength(1);
    expect(await jsonBody(bought()[0])).toEqual({ plan_id: 2 });
    // The plan left the address first: going back to the profile does not buy again.
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo'));
    expect(router.state.location.search).toBe('');
  });

  it('a signed-out visitor with a plan in the address sees it highlighted, its button focused', async () => {
    setup({ me: null, path: '/demo?plan=2' });
    const button = await screen.findByRole('button', { name: 'Buy pack: 10-class pack' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(must(button.closest('article'), "button.closest('article')").getAttribute('aria-current')).toBe('true');
  });

  it('a plan no longer sold (409 plan_unavailable) is told in the server’s words, not as a timed-out purchase', async () => {
    const { router, user } = setup({
      buy: () => apiError(409, { message: 'This plan is no longer sold.', code: 'plan_unavailable' }),
    });
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    await user.click(screen.getByRole('button', { name: 'Get membership: Unlimited' }));
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('This plan is no longer sold.')).toBeTruthy();
    expect(screen.queryByText(/timed out/)).toBeNull();
    expect(router.state.location.pathname).toBe('/demo');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get membership: Unlimited' }).hasAttribute('disabled')).toBe(false));
  });

  it('the button is busy while the purchase is made', async () => {
    let release: () => void = () => {};
    const { user } = setup({
      buy: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(ok({ id: MEMBERSHIP_ID }, 201));
        }),
    });
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    await user.click(screen.getByRole('button', { name: 'Get membership: Unlimited' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Get membership: Unlimited' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Buy pack: 10-class pack' }).hasAttribute('disabled')).toBe(true);
    release();
  });

  it('a provider sees no buy button on their own profile', async () => {
    const { user } = setup({ me: { ...aProvider, username: 'demo' } });
    await user.click(await screen.findByRole('tab', { name: /Plans/ }));
    expect(screen.getByRole('heading', { name: 'Unlimited' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Get membership|Buy pack/ })).toBeNull();
  });
});
