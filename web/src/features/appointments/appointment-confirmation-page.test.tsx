import '../../test/setup.ts';
import { must } from '../../../../server/test/support/must.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ICAL from 'ical.js';
import type { Appointment } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { REDIRECT_COOKIE } from '../../lib/redirect-after-login.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { http, type RequestHandler } from 'msw';
import { apiError, jsonBody, ok, serveApi, type SentRequest } from '../../test/api.ts';
import { aClient, aConfirmedAppointment, aMembershipOption, anAppointment } from '../../test/generators.ts';
import { fakeStripe } from '../../test/fake-stripe.ts';

// Stripe.js is not loaded from Stripe in tests: loadStripe answers a stand-in.
const stripeJs = vi.hoisted(() => ({ stripe: null as unknown }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripeJs.stripe }));
const fake = fakeStripe();
stripeJs.stripe = fake.stripe;

const ID = anAppointment().id;
const PATH = `/appointments/${ID}`;

function setup(
  appointment: Appointment | ((info: { request: Request }) => Response),
  more: RequestHandler[] = [],
  { fakeTimers = false, path = PATH } = {},
) {
  const calls = serveApi(
    http.get('/api/me', () => ok(aClient)),
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get(`/api${PATH}`, typeof appointment === 'function' ? appointment : () => ok(appointment)),
    ...more,
  );
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const rendered = renderRoutes(routes, { path, queryClient: testQueryClient(aClient) });
  return { ...rendered, calls, user };
}

const heading = (name: string | RegExp, options?: { timeout: number }) => screen.findByRole('heading', { level: 1, name }, options);
const posted = (calls: SentRequest[], suffix: string) =>
  calls.filter((c) => c.method === 'POST' && c.url === `/api/appointments/${ID}/${suffix}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('appointment confirmation: headings', () => {
  it('reads Checkout while the booking is held', async () => {
    setup(anAppointment());
    expect(await heading('Checkout')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Personal training' })).toBeTruthy();
    expect(screen.getByText('Tuesday, 24 November 2026')).toBeTruthy();
    expect(screen.getByText('10:00 – 11:00')).toBeTruthy();
    expect(screen.getByText(/^Madrid time/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pat Provider' }).getAttribute('href')).toBe('/pat');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('reads Booking confirmed once confirmed, with the Total and its badge', async () => {
    setup(aConfirmedAppointment());
    expect(await heading('Booking confirmed')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('€45.00')).toBeTruthy();
    expect(within(payment).getByText('Pay in person')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My schedule' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('offers card payment and another membership for a confirmed booking its membership stopped covering', async () => {
    const unpaid = aConfirmedAppointment({
      payment_method: null,
      missing_payment: true,
      payment_options: ['pay_now', 'membership'],
      service: { ...aConfirmedAppointment().service, memberships: [aMembershipOption({ name: 'Gold pass' })] },
    });
    const { user, calls } = setup(unpaid, [
      http.post(`/api${PATH}/deduct-membership`, () =>
        ok({ ...unpaid, payment_method: 'membership', missing_payment: false, payment_options: [] }),
      ),
    ]);
    expect(await heading('Booking confirmed')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: /Pay now/ })).toBeTruthy();
    await user.click(await screen.findByRole('tab', { name: /My memberships/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted(calls, 'deduct-membership')).toHaveLength(1));
    expect(await jsonBody(must(posted(calls, 'deduct-membership')[0], 'a deduct-membership request'))).toMatchObject({
      membership_id: aMembershipOption().id,
    });
  });

  it('badges a paid booking Paid and a membership booking Included in membership', async () => {
    setup(aConfirmedAppointment({ paid_at: '2026-11-20T08:00:00Z', payment_method: 'card', missing_payment: false }));
    expect(await screen.findByText('Paid')).toBeTruthy();
  });

  it('shows a cancelled booking as cancelled, with My schedule, and Re-booking only when asked for', async () => {
    const { user } = setup(
      aConfirmedAppointment({
        status: 'cancelled',
        cancelled_at: '2026-11-21T08:00:00Z',
        paid_at: '2026-11-20T08:00:00Z',
        can_be_cancelled: false,
        payment_options: ['rebook'],
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    expect(await heading('Booking cancelled')).toBeTruthy();
    expect(screen.getByText('This booking was cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My schedule' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Book this time again' }));
    expect(await heading('Re-booking')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Re-booking' })));
    expect(screen.getByText('You have paid for this service before. Please confirm if you wish to re-book again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('offers another time, not the same one, once a cancelled booking has passed', async () => {
    setup(
      aConfirmedAppointment({
        status: 'cancelled',
        cancelled_at: '2026-11-21T08:00:00Z',
        can_be_cancelled: false,
        payment_options: ['rebook'],
        starts_at: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    );
    expect(await heading('Booking cancelled')).toBeTruthy();
    expect(screen.getByText('Its time has passed, so it can no longer be re-booked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book this time again' })).toBeNull();
  });

  it('shows Page not found for an unknown booking', async () => {
    setup(() => apiError(404, { message: 'Appointment not found.', code: 'not_found' }));
    expect(await heading('Page not found')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login and remembers the page', async () => {
    const { router } = setup(() => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe(PATH);
  });
});

describe('appointment confirmation: payment options', () => {
  it('shows no tabs for a single option, which is selected', async () => {
    setup(anAppointment({ payment_options: ['in_person'] }));
    await heading('Checkout');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText(/in person upon arrival/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('shows tabs for more than one option, the first (pay now) selected', async () => {
    const { user } = setup(
      anAppointment({ payment_options: ['pay_now', 'in_person'], provider: { ...anAppointment().provider, stripe_connected: true } }),
    );
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment options' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pay now', 'Pay in person']);
    const payNow = must(tabs[0], 'the Pay now tab');
    const inPerson = must(tabs[1], 'the Pay in person tab');
    expect(payNow.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pay €45.00' })).toBeTruthy();

    await user.click(inPerson);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay €45.00' })).toBeNull();
  });

  it('chooses a usable membership by default, the first one preselected', async () => {
    const memberships = [
      aMembershipOption({ id: 'a3', name: 'Monthly unlimited', available_count: 4, quantity_count: 8, used_count: 4 }),
      aMembershipOption({ id: 'a4', name: 'Ten-class pass', interval: '', available_count: 2, quantity_count: 5, used_count: 3 }),
    ];
    setup(anAppointment({ payment_options: ['in_person', 'membership'], service: { id: 7, type: 'appointment', memberships } }));
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment options' })).getAllByRole('tab');
    expect(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent).toBe('My memberships');
    expect((screen.getByRole('radio', { name: /Monthly unlimited/ }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
  });

  it('hides the terms link when the terms are empty or an empty paragraph', async () => {
    for (const terms of ['', '<p></p>']) {
      const provider = { ...anAppointment().provider, policy: { min_hours_before_cancellation: 24, terms_of_service: terms } };
      const { unmount } = setup(anAppointment({ provider }));
      await heading('Checkout');
      expect(screen.queryByRole('button', { name: 'Terms and conditions' })).toBeNull();
      unmount();
    }
  });

  it('opens the provider’s terms, sanitised, from the Terms and conditions link', async () => {
    const provider = {
      ...anAppointment().provider,
      policy: { min_hours_before_cancellation: 24, terms_of_service: '<p>Arrive early.</p><img src="x" onerror="alert(1)">' },
    };
    const { user } = setup(anAppointment({ provider }));
    await user.click(await screen.findByRole('button', { name: 'Terms and conditions' }));
    // The dialog loads when first opened (components/ui/lazy-dialog.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByText('Arrive early.')).toBeTruthy();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Terms and conditions' }));
  });
});

describe('appointment confirmation: pay now', () => {
  const config = http.get('/api/config', () =>
    ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: 'pk_test_slotted' }),
  );
  const checkout = http.post(`/api/appointments/${ID}/checkout`, () => ok({ client_secret: 'pi_123_secret_abc' }));
  const offered = () =>
    anAppointment({ payment_options: ['pay_now', 'in_person'], provider: { ...anAppointment().provider, stripe_connected: true } });
  const paid = aConfirmedAppointment({ paid_at: '2026-11-20T08:00:00Z', payment_method: 'card', missing_payment: false });
  /** GET /api/appointments/{id}: confirmed and paid once asked with this payment's session id. */
  const paidWith =
    (sessionId: string) =>
    ({ request }: { request: Request }) =>
      ok(new URL(request.url).searchParams.get('session_id') === sessionId ? paid : offered());
  const gets = (calls: SentRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(`/api${PATH}`)).map((c) => c.url);
  const cardField = () => screen.findByRole('textbox', { name: 'Card number' });

  beforeEach(() => {
    fake.stripe.confirmPayment.mockReset();
    fake.stripe.retrievePaymentIntent.mockReset();
  });

  it('puts Pay now first, selected, with a placeholder until Stripe’s Payment Element is ready; the checkout starts once', async () => {
    const { calls, user } = setup(offered(), [config, checkout]);
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment options' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pay now', 'Pay in person']);
    const payNow = must(tabs[0], 'the Pay now tab');
    const inPerson = must(tabs[1], 'the Pay in person tab');
    expect(payNow.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading the card payment form' })).toBeTruthy();

    expect(await cardField()).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the card payment form' })).toBeNull();
    expect(fake.stripe.elements).toHaveBeenLastCalledWith(expect.objectContaining({ clientSecret: 'pi_123_secret_abc' }));
    expect(fake.elements.create).toHaveBeenLastCalledWith('payment', expect.anything());
    expect((screen.getByRole('button', { name: 'Pay €45.00' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Payments are secure and encrypted')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Visa, Mastercard, American Express' })).toBeTruthy();

    // Pay in person: no card, so no secure-payment line; the terms stay.
    await user.click(inPerson);
    expect(screen.queryByText('Payments are secure and encrypted')).toBeNull();
    expect(screen.getByRole('button', { name: 'Terms and conditions' })).toBeTruthy();
    await user.click(payNow);
    expect(await cardField()).toBeTruthy();
    expect(posted(calls, 'checkout')).toHaveLength(1);
  });

  it('pays: Stripe confirms the payment, then the page shows the booking confirmed once the server has seen it', async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const { calls, user } = setup(paidWith('pi_123'), [config, checkout]);
    await cardField();
    await user.click(screen.getByRole('button', { name: 'Pay €45.00' }));

    expect(await heading('Booking confirmed')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Paid')).toBeTruthy();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      confirmParams: { return_url: `${window.location.origin}${PATH}` },
      redirect: 'if_required',
    });
    expect(gets(calls)).toContain(`/api${PATH}?session_id=pi_123&include=memberships`);
  });

  it('a declined card: the Something went wrong. panel with Stripe’s message, and nothing is confirmed', async () => {
    fake.stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { calls, user } = setup(offered(), [config, checkout]);
    await cardField();
    await user.click(screen.getByRole('button', { name: 'Pay €45.00' }));

    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Something went wrong.')).toBeTruthy();
    expect(within(panel).getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(gets(calls).some((url) => url.includes('session_id'))).toBe(false);
    // The client can try again.
    expect((screen.getByRole('button', { name: 'Pay €45.00' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says what the server answers when it cannot start the card payment; Pay tries again', async () => {
    const { calls, user } = setup(offered(), [
      config,
      http.post(`/api/appointments/${ID}/checkout`, () =>
        apiError(502, {
          message: 'The card payment service could not be reached. Please try again in a moment.',
          code: 'payment_provider_error',
        }),
      ),
    ]);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('The card payment service could not be reached. Please try again in a moment.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay €45.00' }));
    await waitFor(() => expect(posted(calls, 'checkout')).toHaveLength(2));
  });

  it('back from a 3-D Secure redirect: sends Stripe’s payment_intent as session_id, shows the answer and cleans the address', async () => {
    const { calls, router } = setup(paidWith('pi_9'), [config, checkout], {
      path: `${PATH}?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=succeeded`,
    });
    expect(await heading('Booking confirmed')).toBeTruthy();
    expect(gets(calls)[0]).toBe(`/api${PATH}?session_id=pi_9&include=memberships`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('accepts the spec’s session_id query too', async () => {
    const { calls } = setup(paidWith('cs_1'), [config, checkout], { path: `${PATH}?session_id=cs_1` });
    expect(await heading('Booking confirmed')).toBeTruthy();
    expect(gets(calls)[0]).toBe(`/api${PATH}?session_id=cs_1&include=memberships`);
  });

  it('back from a failed 3-D Secure: the page offers payment again with Stripe’s message', async () => {
    fake.stripe.retrievePaymentIntent.mockResolvedValue({
      paymentIntent: { id: 'pi_9', status: 'requires_payment_method', last_payment_error: { message: 'We could not verify your card.' } },
    });
    setup(paidWith('none'), [config, checkout], {
      path: `${PATH}?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=failed`,
    });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('We could not verify your card.')).toBeTruthy();
    expect(fake.stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_9_secret_x');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
  });
});

describe('appointment confirmation: refunds', () => {
  const cancelled = (refunded: number) =>
    aConfirmedAppointment({
      status: 'cancelled',
      cancelled_at: '2026-11-21T08:00:00Z',
      can_be_cancelled: false,
      payment_method: 'card',
      payment_options: ['in_person'],
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      refund_due: 45,
      refunded,
    });

  it('shows a refund on its way, then refunded once it has gone through', async () => {
    let refunded = 0;
    setup(() => ok(cancelled(refunded)));
    expect(await screen.findByText('Refund of €45.00 on its way to your card')).toBeTruthy();
    refunded = 45;
    expect(await screen.findByText('Refunded €45.00 to your card', {}, { timeout: 8000 })).toBeTruthy();
  }, 15_000);
});

describe('appointment confirmation: paying with a membership', () => {
  const monthlyUnlimited = aMembershipOption({
    id: '0b6f3c1e-6a57-4c4a-9d0e-5a1f2b3c4d5e',
    name: 'Monthly unlimited',
    renewal_day: '2026-12-15',
  });
  const tenClassPass = aMembershipOption({
    id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    name: 'Ten-class pass',
    interval: '',
    quantity_count: 10,
    used_count: 7,
    available_count: 3,
    renewal_day: null,
    expiration_day: '2027-01-31',
  });
  const memberships = [monthlyUnlimited, tenClassPass];
  const withMemberships = () =>
    anAppointment({ payment_options: ['in_person', 'membership'], service: { id: 7, type: 'appointment', memberships } });

  it('asks for the memberships that can pay, and shows each with its credits and days', async () => {
    const { calls } = setup(withMemberships());
    await heading('Checkout');
    expect(calls.some((c) => c.method === 'GET' && c.url === `/api${PATH}?include=memberships`)).toBe(true);
    const monthly = screen.getByRole('radio', { name: /Monthly unlimited/ });
    expect(monthly.getAttribute('aria-checked')).toBe('true');
    const list = screen.getByRole('radiogroup', { name: 'Your memberships' });
    expect(within(list).getByText('6 available · 2 / 8 used')).toBeTruthy();
    expect(within(list).getByText('Renews on 15 Dec 2026')).toBeTruthy();
    expect(within(list).getByText('3 available · 7 / 10 used')).toBeTruthy();
    expect(within(list).getByText('Expires on 31 Jan 2027')).toBeTruthy();
    expect(within(list).getByText('€79.00/month')).toBeTruthy();
  });

  it('confirms with the chosen membership (its string id), then badges the booking Included in membership', async () => {
    const used = aConfirmedAppointment({ payment_method: 'membership', membership: { id: tenClassPass.id, name: 'Ten-class pass' } });
    const { calls, user } = setup(withMemberships(), [http.post(`/api/appointments/${ID}/deduct-membership`, () => ok(used))]);
    await user.click(await screen.findByRole('radio', { name: /Ten-class pass/ }));
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Included in your membership')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted(calls, 'deduct-membership')).toHaveLength(1));
    expect(await jsonBody(must(posted(calls, 'deduct-membership')[0], 'a deduct-membership request'))).toEqual({
      membership_id: tenClassPass.id,
    });
    expect(await heading('Booking confirmed', { timeout: 3000 })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Included in your membership')).toBeTruthy();
  });

  it('totals a booking that used a membership €0.00, Included in your membership, its usual price struck through', async () => {
    setup(
      aConfirmedAppointment({
        price: 12,
        payment_method: 'membership',
        membership: { id: monthlyUnlimited.id, name: 'Monthly unlimited' },
      }),
    );
    await heading('Booking confirmed');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Included in your membership')).toBeTruthy();
    expect(within(payment).getByText('€0.00')).toBeTruthy();
    // The usual price is there only as what it usually costs (struck, and said so to screen readers).
    expect(within(payment).getByText('€12.00').tagName).toBe('S');
    expect(payment.textContent).toContain('usually €12.00');
  });

  it('a membership with no credit left for the session: the confirm failure toast, and the memberships are read again', async () => {
    const { calls, user } = setup(withMemberships(), [
      http.post(`/api/appointments/${ID}/deduct-membership`, () =>
        apiError(409, { message: 'This membership cannot pay for this session.', code: 'membership_unusable' }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please wait a minute and try again')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === `/api${PATH}?include=memberships`)).toHaveLength(2));
  });
});

describe('appointment confirmation: confirming', () => {
  it('shows the server’s answer one second after the confirm call succeeds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, user } = setup(
      anAppointment(),
      [http.post(`/api/appointments/${ID}/confirm-without-payment`, () => ok(aConfirmedAppointment()))],
      { fakeTimers: true },
    );

    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posted(calls, 'confirm-without-payment')).toHaveLength(1));
    // Let the answer arrive; the page keeps showing the checkout, busy.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    const confirmed = await heading('Booking confirmed');
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    // The Confirm button is gone: the focus is on the new heading, not lost.
    expect(document.activeElement).toBe(confirmed);
  });

  it('shows the non-dismissable expired dialog when the server says the hold expired', async () => {
    const { calls, user } = setup(anAppointment(), [
      http.post(`/api/appointments/${ID}/confirm-without-payment`, () =>
        apiError(409, { message: 'Your session timed out before we could confirm your booking.', code: 'hold_expired' }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session time has expired' });
    expect(posted(calls, 'confirm-without-payment')).toHaveLength(1);
    expect(
      within(dialog).getByText(
        'The time we held for you was released before the booking was confirmed, so someone else may book it now. Pick a time again to continue.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Pick a time again' }).getAttribute('href')).toBe('/pat/7');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('a time taken meanwhile (409 slot_taken) is told in the server’s words, not as an expired hold, and the booking read again', async () => {
    const { calls, user } = setup(anAppointment(), [
      http.post(`/api/appointments/${ID}/confirm-without-payment`, () =>
        apiError(409, { message: 'This slot is no longer available. Please select another one.', code: 'slot_taken' }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This slot is no longer available. Please select another one.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Session time has expired' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith(`/api${PATH}`)).length).toBeGreaterThan(1));
  });

  it('shows the expired dialog when the countdown reaches zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(anAppointment({ expires_in_seconds: 3 }), [], { fakeTimers: true });
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('00:03');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('warns in words and through a polite live region at 2 minutes and at 30 seconds left, once each', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(anAppointment({ expires_in_seconds: 125 }), [], { fakeTimers: true });
    const timer = await screen.findByRole('timer');
    const status = within(must(timer.closest('div'), "timer.closest('div')")).getByRole('status');
    expect(status.textContent).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(status.textContent).toBe('Less than 2 minutes left to confirm this time.');
    // Still the same words a few seconds later: the live region is not re-announced every tick.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(status.textContent).toBe('Less than 2 minutes left to confirm this time.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(85000);
    });
    expect(status.textContent).toBe('Less than 30 seconds left: confirm now or the held time is released.');
  });

  it('shows the expired dialog for an expired hold', async () => {
    setup(anAppointment({ status: 'expired', expires_in_seconds: 0 }));
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('stops loading and says Ooops! when the confirm call fails', async () => {
    const { user } = setup(anAppointment(), [
      http.post(`/api/appointments/${ID}/confirm-without-payment`, () => apiError(500, { message: 'Boom', code: 'internal_error' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please wait a minute and try again')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
  });
});

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('appointment confirmation: after confirming', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('Add to calendar downloads the booking as an .ics file and frees its URL after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:slotted/1';
    });
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });

    const { user } = setup(aConfirmedAppointment(), [], { fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));

    expect(clicks).toEqual([{ href: 'blob:slotted/1', download: 'Personal_training.ics' }]);
    expect(blobs).toHaveLength(1);
    const text = await readBlob(must(blobs[0], 'the calendar file'));
    expect(text).toContain('DTSTART:20261124T090000Z\r\n');
    expect(text).toContain('SUMMARY:Personal training\r\n');
    const event = new ICAL.Event(
      must(
        new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent'),
        "new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')",
      ),
    );
    expect(event.summary).toBe('Personal training');
    expect(event.description).toBe('With Pat Provider');
    expect(event.location).toBe('Studio 1, Calle Mayor 5');
    expect(event.uid).toBe(`${ID}@slotted`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T10:00:00.000Z');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(revoke).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(revoke).toHaveBeenCalledWith('blob:slotted/1');
  });

  it('cancels a confirmed future booking after asking, then shows it cancelled with re-booking as a second choice', async () => {
    const cancelled = aConfirmedAppointment({
      status: 'cancelled',
      cancelled_at: '2026-11-21T08:00:00Z',
      can_be_cancelled: false,
      payment_options: ['in_person'],
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { calls, user } = setup(aConfirmedAppointment(), [http.post(`/api/appointments/${ID}/cancel`, () => ok(cancelled))]);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/The slot becomes available again and can be rebooked\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Appointment cancelled.')).toBeTruthy();
    expect(posted(calls, 'cancel')).toHaveLength(1);
    expect(await heading('Booking cancelled')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Booking cancelled' })));
    expect(screen.getByRole('link', { name: 'My schedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book this time again' }));
    expect(await heading('Re-booking')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('opens the cancellation dialog from the reminder e-mail’s cancel link, once', async () => {
    const { user } = setup(aConfirmedAppointment(), [], { path: `${PATH}?cancel=1` });
    expect(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  it('warns a late client that there is no refund', async () => {
    const { user } = setup(aConfirmedAppointment({ cancellation_refundable: false }));
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'It is less than 24 hours before the start, so there is no refund.',
    );
  });
});

describe('appointment confirmation: signed out meanwhile', () => {
  const unauthenticated = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
  const expectSignInAndBack = async (router: ReturnType<typeof setup>['router']) => {
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getCookie(REDIRECT_COOKIE)).toBe(PATH);
  };

  it('a 401 from Confirm sends to /login and back to this booking', async () => {
    const { router, user } = setup(anAppointment(), [http.post(`/api/appointments/${ID}/confirm-without-payment`, unauthenticated)]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expectSignInAndBack(router);
  });

  it('a 401 when the card payment starts sends to /login and back to this booking', async () => {
    const { router } = setup(
      anAppointment({ payment_options: ['pay_now', 'in_person'], provider: { ...anAppointment().provider, stripe_connected: true } }),
      [
        http.get('/api/config', () =>
          ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: 'pk_test_slotted' }),
        ),
        http.post(`/api/appointments/${ID}/checkout`, unauthenticated),
      ],
    );
    await expectSignInAndBack(router);
  });

  it('a 401 from Cancel booking sends to /login and back to this booking', async () => {
    const { router, user } = setup(aConfirmedAppointment(), [http.post(`/api/appointments/${ID}/cancel`, unauthenticated)]);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Cancel booking' }),
    );
    await expectSignInAndBack(router);
  });
});
