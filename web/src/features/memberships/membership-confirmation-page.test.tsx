import '../../test/setup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type RequestHandler } from 'msw';
import type { Membership } from '@slotted/contract';
import { routes } from '../../app/router.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { REDIRECT_COOKIE } from '../../lib/redirect-after-login.ts';
import { apiError, ok, serveApi, type SentRequest } from '../../test/api.ts';
import { aClient, aMembership, anActiveMembership } from '../../test/generators.ts';
import { renderRoutes, testQueryClient } from '../../test/render.tsx';
import { fakeStripe } from '../../test/fake-stripe.ts';
import { must } from '../../../../server/test/support/must.ts';

// Stripe.js is not loaded from Stripe in tests: loadStripe answers a stand-in.
const stripeJs = vi.hoisted(() => ({ stripe: null as unknown }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripeJs.stripe }));
const fake = fakeStripe();
stripeJs.stripe = fake.stripe;

const ID = aMembership().id;
const PATH = `/memberships/${ID}`;
const CONFIRM = `/api/memberships/${ID}/confirm-without-payment`;

function setup(
  membership: Membership | ((info: { request: Request }) => Response | Promise<Response>),
  more: RequestHandler[] = [],
  { fakeTimers = false, path = PATH } = {},
) {
  const calls = serveApi(
    http.get('/api/config', () => ok({ social: { google: false, facebook: false }, marketing_url: null })),
    http.get(`/api${PATH}`, typeof membership === 'function' ? membership : () => ok(membership)),
    ...more,
  );
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const rendered = renderRoutes(routes, { path, queryClient: testQueryClient(aClient) });
  return { ...rendered, calls, user };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

afterEach(() => {
  vi.useRealTimers();
});

describe('membership confirmation', () => {
  it('shows the checkout: the membership, pay in person, Total, Confirm and the terms', async () => {
    setup(aMembership());
    expect(await heading('Checkout')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Monthly Flow Membership' });
    expect(within(card).getByText('€79.00')).toBeTruthy();
    expect(within(card).getByText('/month')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Pat Provider' }).getAttribute('href')).toBe('/pat');
    // Ten minutes to confirm (a second may have passed on a busy machine).
    expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/);
    const payment = screen.getByRole('region', { name: 'Payment' });
    // One option: no tabs, its text on its own.
    expect(within(payment).queryByRole('tablist')).toBeNull();
    // Paying in person for a membership: what it means, said before confirming.
    expect(within(payment).getByText(/starts when you confirm, and you can book with it straight away/).textContent).toMatch(
      /Pay Pat Provider €79\.00 at your next visit, then\s+€79\.00 each month at the desk until you cancel\. Nothing is charged online\./,
    );
    expect(within(payment).getByText('Total')).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Terms and conditions' })).toBeTruthy();
  });

  it('a single payment reads how long it is valid; no terms link without terms', async () => {
    const base = aMembership();
    setup(aMembership({ interval: '', expires_in: 3, provider: { ...base.provider, policy: { terms_of_service: '<p></p>' } } }));
    await heading('Checkout');
    expect(screen.getByText('Valid for 3 months')).toBeTruthy();
    expect(screen.getByText(/Your pass starts when you confirm/).textContent).toMatch(
      /Pay Pat Provider €79\.00 once, at your next visit\./,
    );
    expect(screen.queryByRole('button', { name: 'Terms and conditions' })).toBeNull();
  });

  it('offers pay now first when the provider takes cards, then pay in person', async () => {
    const { user } = setup(aMembership({ payment_options: ['pay_now', 'in_person'] }));
    const tabs = within(await screen.findByRole('tablist', { name: 'Payment options' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Pay now', 'Pay in person']);
    expect(screen.getByRole('button', { name: 'Pay €79.00' })).toBeTruthy();
    await user.click(must(tabs[1], 'the Pay in person tab'));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('confirms, then reads Thank you for your purchase! a second later, with Book and View my order', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, user } = setup(
      aMembership(),
      [http.post(CONFIRM, () => ok(anActiveMembership({ paid_at: null, missing_payment: true })))],
      { fakeTimers: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === CONFIRM)).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    const done = await heading('Thank you for your purchase!');
    expect(document.activeElement).toBe(done);
    expect(screen.getByRole('link', { name: 'View my order' }).getAttribute('href')).toBe('/memberships');
    // Its one covered service is a button away.
    expect(screen.getByRole('link', { name: 'Book Vinyasa Flow' }).getAttribute('href')).toBe('/pat/12');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Pay in person')).toBeTruthy();
    expect(within(payment).getByText(/Pay Pat Provider €79\.00 at your next visit, then each month at the desk/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('stops loading and says Ooops! when confirming fails', async () => {
    const { user } = setup(aMembership(), [http.post(CONFIRM, () => apiError(500, { message: 'Boom', code: 'internal_error' }))]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please wait a minute and try again')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false));
  });

  it('shows the expired dialog when the server says the purchase timed out', async () => {
    const { user } = setup(aMembership(), [
      http.post(CONFIRM, () => apiError(409, { message: 'Your purchase has timed out.', code: 'purchase_expired' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session time has expired' });
    expect(
      within(dialog).getByText(
        "Your session timed out before we could confirm your membership. Just go back and retry—you're almost there!",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Restart booking' }).getAttribute('href')).toBe('/pat');
  });

  it('a plan no longer sold when confirming (409 plan_unavailable): says so in the server’s words and reads the purchase again', async () => {
    const { calls, user } = setup(aMembership(), [
      http.post(CONFIRM, () => apiError(409, { message: 'This plan is no longer sold.', code: 'plan_unavailable' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This plan is no longer sold.')).toBeTruthy();
    expect(screen.getByText('Ooops!')).toBeTruthy();
    // Not the hold running out: no expired dialog.
    expect(screen.queryByRole('dialog', { name: 'Session time has expired' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === `/api${PATH}`)).toHaveLength(2));
  });

  it('shows the expired dialog when the countdown reaches zero, and for an expired purchase', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { unmount } = setup(aMembership({ expires_in_seconds: 2 }), [], { fakeTimers: true });
    expect((await screen.findByRole('timer')).textContent).toBe('00:02');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
    unmount();
    vi.useRealTimers();

    setup(aMembership({ status: 'expired', expires_in_seconds: 0 }));
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('a confirmed purchase reads Thank you, badged Paid once paid', async () => {
    setup(anActiveMembership());
    expect(await heading('Thank you for your purchase!')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my order' })).toBeTruthy();
  });

  it('a membership covering several classes offers Book a class (the provider’s page); one covering a 1:1 too, Book a session', async () => {
    const group = (services: Membership['services'][number]['services']) => [{ id: 1, quantity: 8, used: 0, available: 8, services }];
    const yin = { id: 13, name: 'Yin Yoga', type: 'class', duration: 75, price: 15, cover: null } as const;
    const flow = { id: 12, name: 'Vinyasa Flow', type: 'class', duration: 60, price: 15, cover: null } as const;
    const { unmount } = setup(anActiveMembership({ services: group([flow, yin]) }));
    // The provider's page opened on its week of classes.
    expect((await screen.findByRole('link', { name: 'Book a class' })).getAttribute('href')).toBe('/pat?show=timetable');
    unmount();
    setup(anActiveMembership({ services: group([flow, { ...yin, id: 14, name: 'Private session', type: 'appointment' }]) }));
    expect((await screen.findByRole('link', { name: 'Book a session' })).getAttribute('href')).toBe('/pat');
  });

  it('shows Page not found for an unknown purchase', async () => {
    setup(() => apiError(404, { message: 'Membership not found.', code: 'not_found' }));
    expect(await heading('Page not found')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login and remembers the page', async () => {
    const { router } = setup(() => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCookie(REDIRECT_COOKIE)).toBe(PATH);
  });

  it('shows a loading state first', async () => {
    setup(() => new Promise<Response>(() => {}));
    expect(await screen.findByLabelText('Loading your purchase')).toBeTruthy();
  });
});

describe('membership confirmation: pay now', () => {
  const config = http.get('/api/config', () =>
    ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: 'pk_test_slotted' }),
  );
  const CHECKOUT = `/api/memberships/${ID}/checkout`;
  const checkout = http.post(CHECKOUT, () => ok({ client_secret: 'pi_77_secret_abc' }));
  const offered = () => aMembership({ payment_options: ['pay_now', 'in_person'] });
  const paidWith =
    (sessionId: string) =>
    ({ request }: { request: Request }) =>
      ok(
        new URL(request.url).searchParams.get('session_id') === sessionId
          ? anActiveMembership({ paid_at: '2026-11-20T08:00:00Z', payment_method: 'card', missing_payment: false })
          : offered(),
      );
  const gets = (calls: SentRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(`/api${PATH}`)).map((c) => c.url);

  beforeEach(() => {
    fake.stripe.confirmPayment.mockReset();
  });

  it('pays for a plan: Stripe confirms, then Thank you for your purchase! once the server has seen the payment', async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_77', status: 'succeeded' } });
    const { calls, user } = setup(paidWith('pi_77'), [config, checkout]);
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(fake.stripe.elements).toHaveBeenLastCalledWith(expect.objectContaining({ clientSecret: 'pi_77_secret_abc' }));
    expect(screen.getByText('Payments are secure and encrypted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay €79.00' }));

    expect(await heading('Thank you for your purchase!')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: `${window.location.origin}${PATH}` }, redirect: 'if_required' }),
    );
    expect(gets(calls)).toContain(`/api${PATH}?session_id=pi_77`);
    expect(calls.filter((c) => c.method === 'POST' && c.url === CHECKOUT)).toHaveLength(1);
  });

  it('a declined card: the Something went wrong. panel with Stripe’s message', async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user } = setup(offered(), [config, checkout]);
    await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(screen.getByRole('button', { name: 'Pay €79.00' }));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Something went wrong.')).toBeTruthy();
    expect(within(panel).getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
  });

  it('the hold ran out before the card payment starts (409 purchase_expired): the expired dialog', async () => {
    setup(offered(), [
      config,
      http.post(CHECKOUT, () =>
        apiError(409, { message: 'Your purchase has timed out. Please go back and try again.', code: 'purchase_expired' }),
      ),
    ]);
    expect(await screen.findByRole('dialog', { name: 'Session time has expired' })).toBeTruthy();
  });

  it('the plan is no longer sold when the card payment starts (409 plan_unavailable): the server’s message, no expired dialog', async () => {
    setup(offered(), [
      config,
      http.post(CHECKOUT, () => apiError(409, { message: 'This plan is no longer sold.', code: 'plan_unavailable' })),
    ]);
    expect(await screen.findByText('This plan is no longer sold.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Session time has expired' })).toBeNull();
  });

  it('back from a 3-D Secure redirect: sends Stripe’s payment_intent as session_id and cleans the address', async () => {
    const { calls, router } = setup(paidWith('pi_78'), [config, checkout], {
      path: `${PATH}?payment_intent=pi_78&payment_intent_client_secret=pi_78_secret_x&redirect_status=succeeded`,
    });
    expect(await heading('Thank you for your purchase!')).toBeTruthy();
    expect(gets(calls)[0]).toBe(`/api${PATH}?session_id=pi_78`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('membership confirmation: signed out meanwhile', () => {
  const unauthenticated = () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
  const expectSignInAndBack = async (router: ReturnType<typeof setup>['router']) => {
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getCookie(REDIRECT_COOKIE)).toBe(PATH);
  };

  it('a 401 from Confirm sends to /login and back to this purchase', async () => {
    const { router, user } = setup(aMembership(), [http.post(CONFIRM, unauthenticated)]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expectSignInAndBack(router);
  });

  it('a 401 when the card payment starts sends to /login and back to this purchase', async () => {
    const { router } = setup(aMembership({ payment_options: ['pay_now', 'in_person'] }), [
      http.get('/api/config', () =>
        ok({ social: { google: false, facebook: false }, marketing_url: null, stripe_publishable_key: 'pk_test_slotted' }),
      ),
      http.post(`/api/memberships/${ID}/checkout`, unauthenticated),
    ]);
    await expectSignInAndBack(router);
  });
});
