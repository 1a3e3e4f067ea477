import '../test/setup.ts';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REDIRECT_COOKIE } from '../lib/redirect-after-login.ts';
import { renderRoutes, testQueryClient } from '../test/render.tsx';
import { http, HttpResponse } from 'msw';
import { apiError, ok, serveApi, jsonBody } from '../test/api.ts';
import { aClient, aProvider } from '../test/generators.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

const TOKEN = 'a'.repeat(43);
const signedOut = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
const config =
  (social = { google: false, facebook: false }, mail_delivery = 'smtp') =>
  () =>
    ok({ social, marketing_url: null, mail_delivery });
describe('signed out', () => {
  it('a page that needs an account sends the visitor to the login screen', async () => {
    serveApi(http.get('/api/me', signedOut), http.get('/api/config', config()));
    const { router } = renderRoutes(routes, { path: '/schedule' });

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('link', { name: /Continue with Google/ })).toBeNull();
  });

  it('shows the social buttons only when they are configured', async () => {
    serveApi(http.get('/api/me', signedOut), http.get('/api/config', config({ google: true, facebook: false })));
    renderRoutes(routes, { path: '/login' });

    const google = await screen.findByRole('link', { name: /Continue with Google/ });
    // The browser's zone goes along, so a new account gets the right one.
    expect(google.getAttribute('href')).toMatch(/^\/auth\/social\/google\?timezone=[A-Za-z_%0-9]+/);
    expect(screen.queryByRole('link', { name: /Continue with Facebook/ })).toBeNull();
  });

  it('says why a social sign-in came back to the login page, once', async () => {
    serveApi(http.get('/api/me', signedOut), http.get('/api/config', config({ google: true, facebook: false })));
    const { router } = renderRoutes(routes, { path: '/login?social_error=unverified&provider=google' });

    expect(await screen.findByText('Please sign in with your e-mail first')).toBeTruthy();
    expect(screen.getByText(/Google has not verified the address/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the catch-all shows Page not found with a way home', async () => {
    serveApi(http.get('/api/me', signedOut), http.get('/api/config', config()));
    renderRoutes(routes, { path: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return home' }).getAttribute('href')).toBe('/');
  });
});

describe('login', () => {
  it('checks the address, sends the link after fetching a CSRF cookie, and lets the user resend', async () => {
    const user = userEvent.setup();
    const calls = serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config()),
      http.post('/api/login', () => HttpResponse.json({ message: 'sent' })),
    );
    renderRoutes(routes, { path: '/login' });

    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('We sent you an activation link. Please be sure to check your spam folder too.')).toBeTruthy();
    const sequence = calls.filter((c) => c.url !== '/api/me' && c.url !== '/api/config').map((c) => `${c.method} ${c.url}`);
    expect(sequence).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/login']);
    expect(await jsonBody(calls.at(-1))).toEqual({ email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('Ada@Example.com');
  });

  it('sends to the terminal, not the spam folder, when the site has no mail server', async () => {
    const user = userEvent.setup();
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config(undefined, 'console')),
      http.post('/api/login', () => HttpResponse.json({ message: 'sent' })),
    );
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/the e-mail with the link is printed in the terminal where Slotted runs/)).toBeTruthy();
    expect(screen.queryByText(/spam folder/)).toBeNull();
  });

  it('shows server field errors and the rate-limit message', async () => {
    const user = userEvent.setup();
    let answer = apiError(422, { message: 'Invalid', code: 'validation_failed', errors: { email: ['We cannot send e-mail there.'] } });
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config()),
      http.post('/api/login', () => answer),
    );
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We cannot send e-mail there.')).toBeTruthy();

    answer = apiError(429, { message: 'Too many attempts. Please wait a minute.', code: 'rate_limited' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The notifications region comes with the first toast (components/ui/toast.tsx).
    const toasts = await screen.findByRole('region', { name: /notifications/i });
    await waitFor(() => expect(within(toasts).getByText('Too many attempts. Please wait a minute.')).toBeTruthy());
  });
});

describe('magic link', () => {
  function renderStrict(path: string) {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <StrictMode>
        <Providers queryClient={testQueryClient()}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    return router;
  }

  it('verifies once (even in StrictMode), sets up a new account and follows the remembered page', async () => {
    const user = userEvent.setup();
    document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent('/settings/account')}; path=/`;
    const calls = serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config()),
      http.post('/api/magic-link', () => ok({ email: 'new@example.com', message: 'Set up your account' }, 202)),
      http.post('/api/create-user', () => ok({ ...aClient, email: 'new@example.com', name: 'Nova' }, 201)),
    );
    const router = renderStrict(`/magic-link/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Set up your account' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/magic-link')).toHaveLength(1);
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('new@example.com');
    expect(email.disabled).toBe(true);

    await user.type(screen.getByLabelText('Name'), 'Nova');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
    const body = await jsonBody(calls.find((c) => c.url === '/api/create-user'));
    expect(body).toMatchObject({ email: 'new@example.com', name: 'Nova', token: TOKEN });
    expect(typeof body.timezone).toBe('string');
    expect(document.cookie).not.toContain(REDIRECT_COOKIE);
  });

  it('signs a known user straight in', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config()),
      http.post('/api/magic-link', () => ok(aProvider)),
      http.get('/api/schedule', () => ok([])),
    );
    const router = renderStrict(`/magic-link/${TOKEN}`);

    expect(await screen.findByText('No future bookings')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/schedule');
  });

  it('an expired link says so and offers the way back', async () => {
    serveApi(
      http.get('/api/me', signedOut),
      http.get('/api/config', config()),
      http.post('/api/magic-link', () => apiError(408, { message: 'Expired', code: 'magic_link_expired' })),
    );
    renderStrict(`/magic-link/${TOKEN}`);

    // The notifications region comes with the first toast (components/ui/toast.tsx).
    const toasts = await screen.findByRole('region', { name: /notifications/i });
    expect(
      await within(toasts).findByText('The magic link has expired. You will be redirected to the login page in a few seconds.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});

describe('schedule', () => {
  it('groups bookings by day under Today / weekday headings', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: aClient.timezone }).format(new Date());
    serveApi(
      http.get('/api/config', config()),
      http.get('/api/schedule', ({ request }) =>
        request.url.includes('subset=future')
          ? ok([
              {
                date: today,
                weekday: 'x',
                day: 1,
                month: 'x',
                slots: [
                  {
                    id: 's1',
                    kind: 'appointment',
                    time: '09:00',
                    until: '10:00',
                    cancelled_at: null,
                    service: { id: 1, name: 'Morning Flow', type: 'appointment', location: 'Studio A', duration: 60, capacity: 1 },
                    provider: { name: 'Harbour Yoga', username: 'demo', avatar: null },
                    is_mine: false,
                    participants: 1,
                    waitlist_count: 0,
                    appointments: [],
                  },
                ],
              },
            ])
          : apiError(500, { message: 'Boom', code: 'internal_error' }),
      ),
    );
    renderRoutes(routes, { path: '/schedule', queryClient: testQueryClient(aClient) });

    expect(await screen.findByText('Morning Flow')).toBeTruthy();
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.getByText('Studio A')).toBeTruthy();
    expect(screen.getByText('With Harbour Yoga')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upcoming' }).getAttribute('aria-current')).toBe('page');
  });

  it("shows 'No past bookings' when there are none", async () => {
    serveApi(
      http.get('/api/config', config()),
      http.get('/api/schedule', () => ok([])),
    );
    renderRoutes(routes, { path: '/schedule/past', queryClient: testQueryClient(aClient) });

    expect(await screen.findByText('No past bookings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Past' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('account settings', () => {
  function renderSettings() {
    const calls = serveApi(
      http.get('/api/config', config()),
      http.post('/api/me', () =>
        apiError(422, {
          message: 'Invalid',
          code: 'validation_failed',
          errors: { username: ['Choose a username: it is the address of your public booking page.'] },
        }),
      ),
    );
    document.cookie = 'XSRF-TOKEN=token; path=/';
    renderRoutes(routes, { path: '/settings/account', queryClient: testQueryClient(aClient) });
    return calls;
  }

  it('turning the provider switch on asks for a username and shows the server error under it', async () => {
    const user = userEvent.setup();
    const calls = renderSettings();

    await user.click(await screen.findByRole('switch', { name: 'I offer services (provider account)' }));
    const username = screen.getByLabelText('Username');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Choose a username: it is the address of your public booking page.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(username));
    const form = await calls.find((c) => c.method === 'POST')?.request.formData();
    if (!form) throw new Error('The form was not sent.');
    expect(form.get('is_provider')).toBe('1');
    expect(form.get('name')).toBe('Ada Lovelace');
  });

  it('refuses an image over 1 MB with the spec toast', async () => {
    renderSettings();

    const input = (await screen.findByTestId('photo-file')) as HTMLInputElement;
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });

    // The notifications region comes with the first toast (components/ui/toast.tsx).
    const toasts = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText('That image is too big—max size is 1 MB.')).toBeTruthy();
    expect(within(toasts).getByText('Oops!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
