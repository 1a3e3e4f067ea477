/**
 * Every euro Stripe takes for a booking is settled or refunded, whatever order Stripe's events
 * come in and whatever the browser does at the same time (docs/product-rules.md#payments): one
 * PaymentIntent per hold, Stripe asked for every fact an event reports, abandoned attempts
 * cancelled, and the Stripe calls one account can cause limited.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@slotted/contract';
import { paymentsOfAppointment, refundsOfAppointment } from '../../../test/support/payment-rows.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { users, type services } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC. The booking is a day ahead, inside the refund window.
const TUE_11 = '2026-11-24T10:00:00Z';

let t: StripeTestApp;
let provider: typeof users.$inferSelect;
let ana: Agent;
let massage: typeof services.$inferSelect;

async function setUp(env: Record<string, string> = {}) {
  t = await createStripeTestApp({ env });
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  await t.connect(provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  ana = await signIn(t, await buildUser(t, { email: 'ana@example.com', name: 'Ana' }));
}

type One = { data: Appointment; code?: string };
const book = async (a: Agent) =>
  (await a.post<{ data: { id: string } }>('/api/appointments', { service_id: massage.id, starts_at: TUE_11 })).body.data.id;
const get = async (a: Agent, id: string) => (await a.get<One>(`/api/appointments/${id}`)).body.data;
const checkout = (a: Agent, id: string) => a.post<{ data: { client_secret: string }; code?: string }>(`/api/appointments/${id}/checkout`);
const intentOf = (secret: string) => must(secret.split('_secret_')[0], "secret.split('_secret_')[0]");
const payWith = (intentId: string, card = 'pm_card_visa') =>
  t.sdk.paymentIntents.confirm(intentId, { payment_method: card, return_url: `${t.url}/appointments` });
const paymentsOf = (id: string) => paymentsOfAppointment(t.db, id);
const refundsOf = (id: string) => refundsOfAppointment(t.db, id);
/** A body signed with the webhook secret, as only Stripe could send it. */
const signed = (body: unknown) => {
  const payload = JSON.stringify(body);
  return fetch(`${t.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.sign(payload) },
    body: payload,
  });
};

describe('one PaymentIntent per hold', () => {
  // Thirty checkouts by one person: past the default limit on calls to Stripe.
  beforeEach(() => setUp({ STRIPE_LIMIT_PER_USER: '100' }));
  afterEach(() => t.close());

  it('answers simultaneous checkouts of one hold with the same PaymentIntent, and paying it confirms the booking', async () => {
    for (let burst = 0; burst < 6; burst++) {
      const id = await book(ana);
      // Staggered a little, as a double click is: the later calls arrive while the first records.
      const answers = await Promise.all([0, 2, 4, 6, 8].map((ms) => new Promise((r) => setTimeout(r, ms)).then(() => checkout(ana, id))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const secrets = new Set(answers.map((a) => a.body.data.client_secret));
      expect(secrets.size).toBe(1);
      expect(await paymentsOf(id)).toHaveLength(1);
      await payWith(intentOf(must([...secrets][0], '[...secrets][0]')));
      await t.settle();
      expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card' });
      await ana.post(`/api/appointments/${id}/cancel`, {});
      await t.settle();
    }
  });

  it('settles or refunds money taken by an intent of the booking that was never recorded', async () => {
    const id = await book(ana);
    expect((await ana.post<One>(`/api/appointments/${id}/confirm-without-payment`)).body.data).toMatchObject({ status: 'confirmed' });
    // An intent for the booking that the checkout never got to record (it failed after asking Stripe).
    const account = must(
      must(
        (await t.db.select().from(users).where(eq(users.id, provider.id)))[0],
        '(await t.db.select().from(users).where(eq(users.id, provider.id)))[0]',
      ).stripeAccountId,
      "must((await t.db.select().from(users).where(eq(users.id, provider.id)))[0], '(await t.db.select().from(users).where(eq(users.id, provider.id)))[0]').stripeAccountId",
    );
    const stray = await t.sdk.paymentIntents.create({
      amount: 4000,
      currency: 'eur',
      transfer_data: { destination: account },
      metadata: { appointment_id: id },
    });
    await payWith(stray.id);
    await t.settle();
    // The booking was to be paid in person and was not yet: the card paid it.
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card', missing_payment: false });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'succeeded', stripePaymentIntentId: stray.id, amountCents: 4000 }]);

    // A second such payment for the now paid booking goes back.
    const twice = await t.sdk.paymentIntents.create({
      amount: 4000,
      currency: 'eur',
      transfer_data: { destination: account },
      metadata: { appointment_id: id },
    });
    await payWith(twice.id);
    await t.settle();
    expect(await refundsOf(id)).toMatchObject([{ reason: 'late_payment', status: 'succeeded', amountCents: 4000 }]);
  });
});

describe('Stripe is asked, never the event body', () => {
  beforeEach(() => setUp());
  afterEach(() => t.close());

  it('a signed charge.refunded about a payment still pending changes nothing, and the real payment still confirms', async () => {
    const id = await book(ana);
    const intentId = intentOf((await checkout(ana, id)).body.data.client_secret);
    const forged = await signed({
      id: 'evt_refund_before_payment',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_made_up', object: 'charge', payment_intent: intentId, amount_refunded: 4000, refunded: true } },
    });
    expect(forged.status).toBe(200);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'pending', refundedCents: 0 }]);

    await payWith(intentId);
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card' });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'succeeded', refundedCents: 0 }]);
  });

  it('a refund made in Stripe’s dashboard, delivered before the payment itself, is recorded on the settled payment', async () => {
    const id = await book(ana);
    const intentId = intentOf((await checkout(ana, id)).body.data.client_secret);
    t.stripe.pauseWebhooks();
    await payWith(intentId);
    await t.sdk.refunds.create({ payment_intent: intentId, amount: 1500 });
    await t.stripe.releaseWebhooks({ reverse: true, duplicate: true });
    await t.settle();
    expect(await paymentsOf(id)).toMatchObject([{ status: 'partially_refunded', refundedCents: 1500, amountCents: 4000 }]);
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card' });
    // Cancelling inside the window gives back only what is left.
    await ana.post(`/api/appointments/${id}/cancel`, {});
    await t.settle();
    expect(await refundsOf(id)).toMatchObject([{ reason: 'client_cancellation', status: 'succeeded', amountCents: 2500 }]);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
  });

  it('answers 400 to signed bodies that are not events, and 200 to events about objects Stripe does not know', async () => {
    for (const body of [
      [{ id: 'evt_in_an_array', type: 'payment_intent.succeeded' }],
      { id: 'evt_without_type', object: 'event', data: { object: { id: 'pi_x' } } },
      { id: 'evt_without_object', object: 'event', type: 'payment_intent.succeeded', data: {} },
      'just a string',
    ]) {
      const res = await signed(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    for (const [type, object] of [
      ['payment_intent.succeeded', { id: 'pi_nobody_knows', object: 'payment_intent' }],
      ['charge.refunded', { id: 'ch_nobody_knows', object: 'charge' }],
    ] as const) {
      const res = await signed({ id: `evt_${object.id}`, object: 'event', type, data: { object } });
      expect(res.status, type).toBe(200);
    }
  });
});

describe('abandoned card attempts', () => {
  beforeEach(() => setUp());
  afterEach(() => t.close());

  it('choosing to pay in person cancels the open PaymentIntent, so the old page cannot take the money', async () => {
    const id = await book(ana);
    const intentId = intentOf((await checkout(ana, id)).body.data.client_secret);
    await ana.post(`/api/appointments/${id}/confirm-without-payment`);
    await t.settle();
    expect(t.stripe.object(intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'failed', paidAt: null }]);
    await expect(payWith(intentId)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('a hold that runs out has its open PaymentIntent cancelled', async () => {
    const id = await book(ana);
    const intentId = intentOf((await checkout(ana, id)).body.data.client_secret);
    t.clock.advanceMinutes(11);
    // The periodic sweep (as a running server schedules it).
    await t.app.jobs.schedulePeriodic();
    await t.app.jobs.runDue();
    await t.settle();
    expect(t.stripe.object(intentId)).toMatchObject({ status: 'canceled' });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'failed' }]);
  });

  it('an attempt paid just before it was abandoned is settled: here refunded, as the hold had run out', async () => {
    const id = await book(ana);
    const intentId = intentOf((await checkout(ana, id)).body.data.client_secret);
    t.stripe.pauseWebhooks();
    await payWith(intentId);
    t.clock.advanceMinutes(11);
    // The periodic sweep (as a running server schedules it).
    await t.app.jobs.schedulePeriodic();
    await t.app.jobs.runDue();
    await t.settle();
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
    expect(await refundsOf(id)).toMatchObject([{ reason: 'late_payment', status: 'succeeded' }]);
    await t.stripe.releaseWebhooks();
    await t.settle();
    expect(await refundsOf(id)).toHaveLength(1);
    expect((await get(ana, id)).status).toBe('expired');
  });
});

describe('limits on what calls Stripe', () => {
  beforeEach(() => setUp({ STRIPE_LIMIT_PER_USER: '3', STRIPE_LIMIT_PER_IP: '100' }));
  afterEach(() => t.close());

  it('refuses a person’s checkouts past the limit with 429, and a return from the bank past it shows what is recorded', async () => {
    const id = await book(ana);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await checkout(ana, id)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await checkout(ana, id);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    const intentId = must(
      must((await paymentsOf(id))[0], '(await paymentsOf(id))[0]').stripePaymentIntentId,
      "must((await paymentsOf(id))[0], '(await paymentsOf(id))[0]').stripePaymentIntentId",
    );
    t.stripe.pauseWebhooks();
    await payWith(intentId);
    // Over the limit the server does not ask Stripe: the booking still waits for the webhook.
    expect(await get(ana, `${id}?session_id=${intentId}`)).toMatchObject({ status: 'held' });
    await t.stripe.releaseWebhooks();
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed' });
  });

  it('limits the onboarding links a provider can ask for', async () => {
    const newcomer = await buildProvider(t, { email: 'new@example.com', username: 'newcomer', name: 'New' });
    const agent = await signIn(t, newcomer);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await agent.get('/stripe/connect')).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
  });
});
