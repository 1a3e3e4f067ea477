/**
 * Paying for a plan by card (docs/product-rules.md#payments): a single payment is one
 * PaymentIntent, a monthly membership a Stripe Subscription, both destination charges to the
 * provider's account. A purchase is confirmed only when Stripe says the money moved, once, and a
 * payment that arrives after the purchase's hold ran out goes back.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { Membership, ProviderPlan } from '@slotted/contract';
import { memberships, payments, users } from '../../db/schema.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { buildPlan, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 in Madrid, the studio's zone).
let t: StripeTestApp | TestApp;
let stripeApp: StripeTestApp;
let provider: typeof users.$inferSelect;
let account: string;
let studio: Agent;
let ana: Agent;
let anaRow: typeof users.$inferSelect;
let monthly: { id: number };
let pack: { id: number };

/** A studio with a monthly membership (€79) and a 3-month pack (€60), and Ana, its client. */
async function setUp(app: StripeTestApp | TestApp, opts: { connect?: boolean } = {}) {
  t = app;
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio', timezone: 'Europe/Madrid' });
  studio = await signIn(t, provider);
  const yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1500, durationMinutes: 60 });
  monthly = await buildPlan(t, provider, { name: 'Unlimited Flow', priceCents: 7900, groups: [{ quantity: 8, services: [yoga] }] });
  pack = await buildPlan(t, provider, {
    name: '5-Session Pack',
    priceCents: 6000,
    expiresInMonths: 3,
    groups: [{ quantity: 5, services: [yoga] }],
  });
  anaRow = await buildUser(t, { email: 'ana@example.com', name: 'Ana', timezone: 'Europe/Madrid' });
  ana = await signIn(t, anaRow);
  if ('stripe' in app) {
    stripeApp = app;
    if (opts.connect !== false) account = await app.connect(provider);
  }
}

afterEach(async () => {
  await t.close();
});

type One = { data: Membership; code?: string; message?: string };
type Secret = { data: { client_secret: string }; code?: string };
const buy = async (a: Agent, planId: number) =>
  (await a.post<{ data: { id: string } }>('/api/memberships', { plan_id: planId })).body.data.id;
const get = (a: Agent, id: string, query = '') => a.get<One>(`/api/memberships/${id}${query}`);
const checkout = (a: Agent, id: string) => a.post<Secret>(`/api/memberships/${id}/checkout`);
const intentOf = (secret: string) => must(secret.split('_secret_')[0], "secret.split('_secret_')[0]");
/** What the client's browser does with Stripe.js: confirms the PaymentIntent with a test card. */
const pay = (secret: string, card = 'pm_card_visa') =>
  stripeApp.sdk.paymentIntents.confirm(intentOf(secret), { payment_method: card, return_url: 'http://localhost:3000/memberships/x' });
const rowsOf = (id: string) => t.db.select().from(payments).where(eq(payments.membershipId, id)).orderBy(payments.createdAt);
const membershipRow = async (id: string) =>
  must(
    (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0],
    '(await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]',
  );
const mailTo = (email: string, subject: string) => t.outbox.list().filter((m) => m.to === email && m.subject.startsWith(subject));

describe('paying for a single-payment plan by card', () => {
  it('charges the purchase’s price to the provider’s account and confirms the purchase when Stripe says it is paid', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, pack.id);
    expect((await get(ana, id)).body.data.payment_options).toEqual(['pay_now', 'in_person']);

    const first = await checkout(ana, id);
    expect(first.status).toBe(200);
    const secret = first.body.data.client_secret;
    // A double click is the same payment.
    expect((await checkout(ana, id)).body.data.client_secret).toBe(secret);
    const intent = await stripeApp.sdk.paymentIntents.retrieve(intentOf(secret));
    expect(intent).toMatchObject({
      amount: 6000,
      currency: 'eur',
      transfer_data: { destination: account },
      on_behalf_of: account,
      metadata: { membership_id: id },
      application_fee_amount: null,
    });
    // Nothing is paid until Stripe says so.
    expect((await get(ana, id)).body.data).toMatchObject({ status: 'held', missing_payment: true, card: null, payments: [] });

    await pay(secret);
    await stripeApp.settle();
    const paid = (await get(ana, id)).body.data;
    expect(paid).toMatchObject({
      status: 'active',
      payment_method: 'card',
      paid_at: '2026-11-23T09:00:00Z',
      confirmed_at: '2026-11-23T09:00:00Z',
      missing_payment: false,
      payment_options: [],
      expiration_day: '2027-02-23',
      card: { brand: 'visa', last4: '4242' },
      payments: [{ datetime: '2026-11-23T09:00:00Z', amount: 60, method: 'card', refunded: 0 }],
    });
    expect(must(mailTo('ana@example.com', 'Purchase confirmed')[0], "mailTo('ana@example.com', 'Purchase confirmed')[0]").text).toContain(
      'Paid: €60.00.',
    );
    expect(mailTo('studio@example.com', 'New membership')).toHaveLength(1);
    // The provider's total sales count card money.
    const plans = (await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data;
    expect(
      must(
        plans.find((p) => p.id === pack.id),
        'plans.find((p) => p.id === pack.id)',
      ).total_sales,
    ).toMatchObject({ memberships: 1, amount: 60 });
    // Paid: nothing more to pay.
    expect((await checkout(ana, id)).body.code).toBe('payment_unavailable');
  });

  it('keeps the purchase held when the card is declined, and confirms it when another card pays', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, pack.id);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    await expect(pay(secret, 'pm_card_chargeDeclined')).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await stripeApp.settle();
    expect((await get(ana, id)).body.data).toMatchObject({ status: 'held', missing_payment: true, payments: [], card: null });

    expect((await checkout(ana, id)).body.data.client_secret).toBe(secret);
    await pay(secret, 'pm_card_mastercard');
    await stripeApp.settle();
    expect((await get(ana, id)).body.data).toMatchObject({ status: 'active', card: { brand: 'mastercard', last4: '4444' } });
  });

  it('takes a platform fee when one is configured', async () => {
    await setUp(await createStripeTestApp({ env: { STRIPE_PLATFORM_FEE_PERCENT: '10' } }));
    const secret = (await checkout(ana, await buy(ana, pack.id))).body.data.client_secret;
    expect((await stripeApp.sdk.paymentIntents.retrieve(intentOf(secret))).application_fee_amount).toBe(600);
  });

  it('offers only pay now when the provider requires payment, and refuses to confirm in person', async () => {
    await setUp(await createStripeTestApp());
    await t.db.update(users).set({ requirePayment: true }).where(eq(users.id, provider.id));
    const id = await buy(ana, pack.id);
    expect((await get(ana, id)).body.data.payment_options).toEqual(['pay_now']);
    const refused = await ana.post<One>(`/api/memberships/${id}/confirm-without-payment`);
    expect([refused.status, refused.body.code]).toEqual([403, 'payment_required']);
    expect((await membershipRow(id)).confirmedAt).toBeNull();
  });

  it('refuses to take a card payment for what cannot be paid by card', async () => {
    await setUp(await createStripeTestApp(), { connect: false });
    const id = await buy(ana, pack.id);
    // The provider cannot take card payments yet.
    expect((await get(ana, id)).body.data.payment_options).toEqual(['in_person']);
    const unconnected = await checkout(ana, id);
    expect([unconnected.status, unconnected.body.code]).toEqual([409, 'payment_unavailable']);

    account = await stripeApp.connect(provider);
    // Someone else's purchase is not found; an expired one cannot be paid.
    const bob = await signIn(t, await buildUser(t, { email: 'bob@example.com', name: 'Bob' }));
    expect((await checkout(bob, id)).status).toBe(404);
    t.clock.advanceMinutes(11);
    const expired = await checkout(ana, id);
    expect([expired.status, expired.body.code]).toEqual([409, 'purchase_expired']);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('paying for a monthly membership by card', () => {
  it('subscribes the client with the provider as destination and confirms the purchase on the first invoice', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, monthly.id);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');
    // Repeated, it is the same subscription and the same first invoice.
    expect((await checkout(ana, id)).body.data.client_secret).toBe(secret);
    expect((await membershipRow(id)).stripeSubscriptionId).toBe(subscriptionId);
    const customer = must(
      (await t.db.select().from(users).where(eq(users.id, anaRow.id)))[0],
      '(await t.db.select().from(users).where(eq(users.id, anaRow.id)))[0]',
    ).stripeCustomerId;
    const subscription = await stripeApp.sdk.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      status: 'incomplete',
      customer,
      transfer_data: { destination: account },
      on_behalf_of: account,
      metadata: { membership_id: id },
    });
    expect(must(subscription.items.data[0], 'subscription.items.data[0]').price).toMatchObject({
      unit_amount: 7900,
      currency: 'eur',
      recurring: { interval: 'month' },
    });

    // invoice.paid may arrive before payment_intent.succeeded: either one confirms the purchase, once.
    stripeApp.stripe.pauseWebhooks();
    await pay(secret);
    const invoicePaid = must(
      [...stripeApp.stripe.events.values()].find((e) => e.type === 'invoice.paid'),
      "[...stripeApp.stripe.events.values()].find((e) => e.type === 'invoice.paid')",
    );
    expect((await stripeApp.stripe.resend(invoicePaid.id)).status).toBe(200);
    expect((await get(ana, id)).body.data.status).toBe('active');
    await stripeApp.stripe.releaseWebhooks();
    await stripeApp.settle();
    expect((await stripeApp.sdk.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect((await get(ana, id)).body.data).toMatchObject({
      status: 'active',
      payment_method: 'card',
      renewal_day: '2026-12-23',
      missing_payment: false,
      can_be_cancelled: true,
      card: { brand: 'visa', last4: '4242' },
      payments: [{ amount: 79, method: 'card', refunded: 0 }],
    });
    // payment_intent.succeeded and invoice.paid both reported the first payment: it counted once.
    expect(await rowsOf(id)).toHaveLength(1);
    expect(mailTo('ana@example.com', 'Purchase confirmed')).toHaveLength(1);
  });

  it('records each renewal Stripe charges as the payment of the next period, once', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, monthly.id);
    await pay((await checkout(ana, id)).body.data.client_secret);
    await stripeApp.settle();
    const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');

    // A month later the period is unpaid until Stripe charges the renewal.
    t.clock.advanceMinutes(31 * 24 * 60);
    // Sessions have run out meanwhile.
    ana = await signIn(t, anaRow);
    studio = await signIn(t, provider);
    expect((await get(ana, id)).body.data.missing_payment).toBe(true);
    await stripeApp.stripe.renewSubscription(subscriptionId);
    await stripeApp.settle();
    const renewed = (await get(ana, id)).body.data;
    expect(renewed).toMatchObject({ missing_payment: false, renewal_day: '2027-01-23' });
    expect(renewed.payments.map((p) => [p.amount, p.method, p.datetime])).toEqual([
      [79, 'card', '2026-11-23T09:00:00Z'],
      [79, 'card', '2026-12-24T09:00:00Z'],
    ]);
    // The second period starts at the studio's midnight of the renewal day.
    expect((await rowsOf(id)).map((p) => p.periodStart?.toISOString())).toEqual(['2026-11-23T09:00:00.000Z', '2026-12-22T23:00:00.000Z']);
    // The same renewal reported again changes nothing.
    const renewal = must(
      [...stripeApp.stripe.events.values()].filter((e) => e.type === 'invoice.paid').at(-1),
      "[...stripeApp.stripe.events.values()].filter((e) => e.type === 'invoice.paid').at(-1)",
    );
    await stripeApp.stripe.resend(renewal.id);
    expect(await rowsOf(id)).toHaveLength(2);
    const plans = (await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data;
    expect(
      must(
        plans.find((p) => p.id === monthly.id),
        'plans.find((p) => p.id === monthly.id)',
      ).total_sales,
    ).toMatchObject({ memberships: 1, amount: 158 });

    // Stripe gives up on the subscription (unpaid): the membership stops renewing.
    await stripeApp.sdk.subscriptions.cancel(subscriptionId);
    await stripeApp.settle();
    expect((await get(ana, id)).body.data).toMatchObject({
      status: 'active',
      can_be_cancelled: false,
      renewal_day: null,
      expiration_day: '2027-01-23',
    });
  });

  it('confirms on the client’s return from 3-D Secure before any webhook, and late or repeated webhooks change nothing', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, monthly.id);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    stripeApp.stripe.pauseWebhooks();
    const pending = await pay(secret, 'pm_card_authenticationRequired');
    expect(pending.status).toBe('requires_action');
    // The bank's page sends the client back to the confirmation page.
    const back = await fetch(
      must(
        must(
          must(pending.next_action, 'pending.next_action').redirect_to_url,
          "must(pending.next_action, 'pending.next_action').redirect_to_url",
        ).url,
        "must(must(pending.next_action, 'pending.next_action').redirect_to_url, 'must(pending.next_action, \\'pending.next_action\\').redirect_to_url').url",
      ),
      { redirect: 'manual' },
    );
    const returned = new URL(must(back.headers.get('location'), "back.headers.get('location')"));
    expect(returned.searchParams.get('redirect_status')).toBe('succeeded');
    const intentId = must(returned.searchParams.get('payment_intent'), "returned.searchParams.get('payment_intent')");

    // Another client's page cannot settle it.
    const bob = await signIn(t, await buildUser(t, { email: 'bob@example.com', name: 'Bob' }));
    expect((await get(bob, id, `?session_id=${intentId}`)).status).toBe(404);
    expect((await get(ana, id)).body.data.status).toBe('held');

    const answer = (await get(ana, id, `?session_id=${intentId}`)).body.data;
    expect(answer).toMatchObject({ status: 'active', missing_payment: false, card: { brand: 'visa', last4: '3184' } });

    await stripeApp.stripe.releaseWebhooks({ reverse: true, duplicate: true });
    await stripeApp.settle();
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'succeeded', amountCents: 7900, refundedCents: 0 });
    expect(mailTo('ana@example.com', 'Purchase confirmed')).toHaveLength(1);
    expect((await get(ana, id)).body.data.status).toBe('active');
  });

  it('gives the money back and ends the subscription when the payment arrives after the purchase expired', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, monthly.id);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');
    t.clock.advanceMinutes(11);
    await pay(secret);
    await stripeApp.settle();

    expect((await get(ana, id)).body.data).toMatchObject({ status: 'expired', confirmed_at: null, payment_options: [] });
    expect(await rowsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 7900 }]);
    const intent = await stripeApp.sdk.paymentIntents.retrieve(intentOf(secret), { expand: ['latest_charge'] });
    expect((intent.latest_charge as Stripe.Charge).amount_refunded).toBe(7900);
    expect((await stripeApp.sdk.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(mailTo('ana@example.com', 'Purchase confirmed')).toEqual([]);
    const plans = (await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data;
    expect(
      must(
        plans.find((p) => p.id === monthly.id),
        'plans.find((p) => p.id === monthly.id)',
      ).total_sales,
    ).toMatchObject({ memberships: 0, amount: 0 });
  });

  it('gives the platform’s fee back with the refund of a subscription payment', async () => {
    await setUp(await createStripeTestApp({ env: { STRIPE_PLATFORM_FEE_PERCENT: '10' } }));
    const id = await buy(ana, monthly.id);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    t.clock.advanceMinutes(11);
    await pay(secret);
    await stripeApp.settle();
    expect(await rowsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 7900 }]);
    const intent = await stripeApp.sdk.paymentIntents.retrieve(intentOf(secret), { expand: ['latest_charge'] });
    const fee = must(
      stripeApp.stripe.object((intent.latest_charge as Stripe.Charge).application_fee as string),
      'stripeApp.stripe.object((intent.latest_charge as Stripe.Charge).application_fee as string)',
    );
    expect(fee).toMatchObject({ amount: 790, amount_refunded: 790, refunded: true });
  });

  it('cancelling stops the subscription at the end of its period, and changes nothing when Stripe refuses', async () => {
    await setUp(await createStripeTestApp());
    const id = await buy(ana, monthly.id);
    await pay((await checkout(ana, id)).body.data.client_secret);
    await stripeApp.settle();
    const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');

    // Stripe does not know the subscription: 502, and the membership still renews.
    await t.db.update(memberships).set({ stripeSubscriptionId: 'sub_unknown' }).where(eq(memberships.id, id));
    const refused = await ana.post<One>(`/api/memberships/${id}/cancel`);
    expect([refused.status, refused.body.code]).toEqual([502, 'payment_provider_error']);
    expect((await get(ana, id)).body.data).toMatchObject({ can_be_cancelled: true, cancelled_at: null });
    await t.db.update(memberships).set({ stripeSubscriptionId: subscriptionId }).where(eq(memberships.id, id));

    const cancelled = await ana.post<One>(`/api/memberships/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'active', can_be_cancelled: false, expiration_day: '2026-12-23' });
    expect(await stripeApp.sdk.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });

    // At the period's end Stripe ends it, as agreed.
    await stripeApp.stripe.renewSubscription(subscriptionId);
    await stripeApp.settle();
    expect((await stripeApp.sdk.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await get(ana, id)).body.data).toMatchObject({ cancelled_at: cancelled.body.data.cancelled_at, expiration_day: '2026-12-23' });
  });
});

describe('without Stripe keys', () => {
  it('never offers to pay by card, even to a provider marked connected', async () => {
    await setUp(await createTestApp());
    await t.db.update(users).set({ stripeConnected: true, stripeAccountId: 'acct_1' }).where(eq(users.id, provider.id));
    const id = await buy(ana, monthly.id);
    expect((await get(ana, id)).body.data.payment_options).toEqual(['in_person']);
    const refused = await checkout(ana, id);
    expect([refused.status, refused.body.code]).toEqual([409, 'payment_unavailable']);
    expect((await get(ana, id, '?session_id=pi_123')).body.data.status).toBe('held');
  });
});
