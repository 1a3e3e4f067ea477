import '../../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import type { Plan, PublicProfile, Service } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { renderRoutes } from '../../test/render.tsx';
import { http } from 'msw';
import { apiError, ok, serveApi } from '../../test/api.ts';
import { aService } from '../../test/generators.ts';

const signedOut = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
const config = () => ok({ social: { google: false, facebook: false }, marketing_url: null });

const provider = { name: 'Harbour Yoga', username: 'demo', avatar: null };
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
    // The description is rich text, sanitised: markup kept, scripts and handlers gone.
    expect(within(flow).getByText('flow').tagName).toBe('STRONG');
    expect(flow.querySelector('script')).toBeNull();
    expect(flow.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: /1:1 Mobility/ }).getAttribute('href')).toBe('/demo/13');

    await userEvent.setup().click(screen.getByRole('tab', { name: /Plans/ }));
    expect(await screen.findByText('No plans yet')).toBeTruthy();
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
    const unlimited = (await screen.findByRole('heading', { name: 'Unlimited' })).closest('article')!;
    expect(within(unlimited).getByText('€89.00')).toBeTruthy();
    expect(within(unlimited).getByText('/month')).toBeTruthy();
    expect(within(unlimited).getByText('Free mat')).toBeTruthy();
    expect(within(unlimited).getByText('All classes.')).toBeTruthy();
    const pack = screen.getByRole('heading', { name: '10-class pack' }).closest('article')!;
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
  });
});
