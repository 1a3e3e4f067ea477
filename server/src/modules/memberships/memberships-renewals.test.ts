/**
 * Renewals Stripe could not charge, Stripe giving up, and subscription events that are only a
 * reason to ask Stripe (D15, docs/product-rules.md#memberships-and-credits, #payments).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment, Membership, PurchasedService } from '@slotted/contract';
import { memberships, type plans, type services, type users } from '../../db/schema.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { buildAppointment, buildPlan, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 in Madrid, the studio's zone).
let t: StripeTestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let ana: Agent;
let anaRow: typeof users.$inferSelect;
let massage: typeof services.$inferSelect;
let monthly: typeof plans.$inferSelect;

async function setUp() {
  t = await createStripeTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio', timezone: 'Europe/Madrid' });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  monthly = await buildPlan(t, provider, { name: 'Massage pass', priceCents: 3000, groups: [{ quantity: 2, services: [massage] }] });
  anaRow = await buildUser(t, { email: 'ana@example.com', name: 'Ana', timezone: 'Europe/Madrid' });
  ana = await signIn(t, anaRow);
  await t.connect(provider);
}

afterEach(async () => {
  await t.close();
});

type One<T> = { data: T; code?: string; message?: string };
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse('2026-11-23T10:00:00Z') + days * DAY).toISOString();
const buy = async (planId: number) => (await ana.post<One<{ id: string }>>('/api/memberships', { plan_id: planId })).body.data.id;
const get = async (id: string) => (await ana.get<One<Membership>>(`/api/memberships/${id}`)).body.data;
const checkout = async (id: string) =>
  (await ana.post<One<{ client_secret: string }>>(`/api/memberships/${id}/checkout`)).body.data.client_secret;
const pay = (secret: string, card = 'pm_card_visa') =>
  t.sdk.paymentIntents.confirm(must(secret.split('_secret_')[0], "secret.split('_secret_')[0]"), {
    payment_method: card,
    return_url: 'http://localhost:3000/memberships/x',
  });
const membershipRow = async (id: string) =>
  must(
    (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0],
    '(await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]',
  );
const mailTo = (email: string, subject: string) => t.outbox.list().filter((m) => m.to === email && m.subject.startsWith(subject));
const hold = (startsAt: string) => buildAppointment(t, { client: anaRow, service: massage, startsAt, status: 'held' }).then((a) => a.id);
const deduct = (id: string, membershipId: string) =>
  ana.post<One<Appointment>>(`/api/appointments/${id}/deduct-membership`, { membership_id: membershipId });
const booking = async (id: string) => (await ana.get<One<Appointment>>(`/api/appointments/${id}`)).body.data;
const reSignIn = async () => {
  ana = await signIn(t, anaRow);
  studio = await signIn(t, provider);
};

/** Ana's monthly membership paid by card now, with bookings paid by it at +1, +32 and +62 days. */
async function paidMembership() {
  const id = await buy(monthly.id);
  await pay(await checkout(id));
  await t.settle();
  const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');
  const bookings: string[] = [];
  for (const d of [1, 32, 62]) {
    const b = await hold(at(d));
    expect((await deduct(b, id)).status).toBe(200);
    bookings.push(b);
  }
  return { id, subscriptionId, bookings };
}

/** Posts an event signed with the webhook secret, as Stripe (or anyone holding a signed body) would. */
async function postSigned(event: object) {
  const payload = JSON.stringify(event);
  return fetch(`${t.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.sign(payload) },
    body: payload,
  });
}

describe('a renewal Stripe could not charge', () => {
  it('blocks the unpaid period’s credits, e-mails the card update link, and a later payment clears it', { timeout: 120_000 }, async () => {
    await setUp();
    const { id, subscriptionId, bookings } = await paidMembership();
    t.clock.advanceMinutes(31 * 24 * 60); // 24 December: the second period (from 23 December) is due
    await reSignIn();

    t.stripe.pauseWebhooks();
    await t.stripe.renewSubscription(subscriptionId, 'pm_card_chargeDeclined');
    await t.stripe.releaseWebhooks({ reverse: true, duplicate: true });
    await t.settle();

    expect((await membershipRow(id)).unpaidFrom?.toISOString()).toBe('2026-12-22T23:00:00.000Z');
    expect(await get(id)).toMatchObject({ status: 'active', available_count: 0, renewal_day: '2027-01-23' });
    const passes = (await ana.get<One<PurchasedService[]>>('/api/purchases/services')).body.data;
    expect(passes.find((p) => p.service.id === massage.id)).toMatchObject({ available_count: 0 });
    // A session of the unpaid period cannot be paid with it.
    const unpaidSession = await hold(at(35));
    expect((await deduct(unpaidSession, id)).body).toMatchObject({ code: 'membership_unusable' });
    // Bookings already made keep their credit while Stripe retries.
    expect(await booking(must(bookings[1], 'bookings[1]'))).toMatchObject({ payment_method: 'membership', missing_payment: false });

    const failed = mailTo('ana@example.com', 'Payment failed');
    expect(failed).toHaveLength(1);
    const invoiceId = (await t.sdk.subscriptions.retrieve(subscriptionId)).latest_invoice as string;
    const invoice = await t.sdk.invoices.retrieve(invoiceId, { expand: ['payments'] });
    expect(must(failed[0], 'failed[0]').text).toContain(invoice.hosted_invoice_url ?? `/memberships/${id}`);

    // The client pays the renewal with another card: the credits are back.
    const intent = must(must(invoice.payments, 'invoice.payments').data[0], "must(invoice.payments, 'invoice.payments').data[0]").payment
      .payment_intent as string | Stripe.PaymentIntent;
    await t.sdk.paymentIntents.confirm(typeof intent === 'string' ? intent : intent.id, { payment_method: 'pm_card_visa' });
    await t.settle();
    expect((await membershipRow(id)).unpaidFrom).toBeNull();
    expect((await deduct(unpaidSession, id)).status).toBe(200);
  });

  it(
    'when Stripe gives up, ends the membership at the start of the unpaid period and takes back the credits after it',
    { timeout: 120_000 },
    async () => {
      await setUp();
      const { id, subscriptionId, bookings } = await paidMembership();
      t.clock.advanceMinutes(31 * 24 * 60);
      await reSignIn();
      await t.stripe.renewSubscription(subscriptionId, 'pm_card_chargeDeclined');
      await t.settle();

      t.stripe.pauseWebhooks();
      await t.sdk.subscriptions.cancel(subscriptionId);
      await t.stripe.releaseWebhooks({ reverse: true, duplicate: true });
      await t.settle();

      expect(await get(id)).toMatchObject({
        status: 'cancelled',
        renewal_day: null,
        expiration_day: '2026-12-23',
        can_be_cancelled: false,
      });
      // +1 day was in the paid period; the others were not paid for by anyone.
      expect(await booking(must(bookings[0], 'bookings[0]'))).toMatchObject({ payment_method: 'membership', missing_payment: false });
      for (const b of bookings.slice(1))
        expect(await booking(b)).toMatchObject({ status: 'confirmed', missing_payment: true, membership: null });
      const lost = mailTo('ana@example.com', 'Bookings to pay');
      expect(lost).toHaveLength(1);
      for (const b of bookings.slice(1)) expect(must(lost[0], 'lost[0]').text).toContain(`/appointments/${b}`);
      expect(must(lost[0], 'lost[0]').text).toContain('has ended because its renewal could not be paid');
    },
  );
});

describe('Stripe marking a subscription unpaid', () => {
  it('ends the membership at the first unpaid period when the retrieved subscription is unpaid', { timeout: 120_000 }, async () => {
    await setUp();
    const { id, subscriptionId, bookings } = await paidMembership();
    t.clock.advanceMinutes(31 * 24 * 60);
    await reSignIn();
    await t.stripe.renewSubscription(subscriptionId, 'pm_card_chargeDeclined');
    await t.settle();
    // The event body says nothing: the handler asks Stripe, whose subscription is now unpaid.
    const event = {
      id: 'evt_updated_unpaid',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: subscriptionId, object: 'subscription' } },
    };
    const live = await postSigned({ ...event, id: 'evt_updated_still_past_due' });
    expect(live.status).toBe(200);
    expect(await get(id)).toMatchObject({ renewal_day: '2027-01-23' });
    must(t.stripe.object(subscriptionId), 'the subscription in the Stripe test server').status = 'unpaid';
    expect((await postSigned(event)).status).toBe(200);
    await t.settle();
    expect(await get(id)).toMatchObject({ renewal_day: null, expiration_day: '2026-12-23' });
    expect(await booking(must(bookings[1], 'bookings[1]'))).toMatchObject({ missing_payment: true, membership: null });
  });
});

describe('subscription events are a reason to ask Stripe', () => {
  it('a signed customer.subscription.deleted for a live subscription changes nothing', async () => {
    await setUp();
    const { id, subscriptionId, bookings } = await paidMembership();
    const res = await postSigned({
      id: 'evt_forged_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscriptionId, object: 'subscription', status: 'canceled' } },
    });
    expect(res.status).toBe(200);
    expect(await get(id)).toMatchObject({ status: 'active', renewal_day: '2026-12-23', cancelled_at: null, can_be_cancelled: true });
    expect(await booking(must(bookings[2], 'bookings[2]'))).toMatchObject({ payment_method: 'membership' });
  });

  it('an abandoned card attempt does not cancel a membership confirmed in person', async () => {
    await setUp();
    const id = await buy(monthly.id);
    const secret = await checkout(id);
    const subscriptionId = must((await membershipRow(id)).stripeSubscriptionId, '(await membershipRow(id)).stripeSubscriptionId');
    expect((await ana.post(`/api/memberships/${id}/confirm-without-payment`)).status).toBe(200);
    expect((await membershipRow(id)).stripeSubscriptionId).toBeNull();
    await t.settle();
    // The pending subscription is ended by the job enqueued with the confirmation.
    expect((await t.sdk.subscriptions.retrieve(subscriptionId)).status).toMatch(/canceled|incomplete_expired/);

    // The old client secret still pays: the money goes back; the subscription's events change nothing.
    await pay(secret).catch(() => undefined);
    await t.settle();
    expect(await get(id)).toMatchObject({ status: 'active', payment_method: 'in_person', cancelled_at: null, renewal_day: '2026-12-23' });
  });
});

describe('a plan deleted while a purchase is held', () => {
  it('keeps the held purchase payable by card at its price; a new purchase is refused', async () => {
    await setUp();
    const id = await buy(monthly.id);
    expect((await studio.request('DELETE', `/api/plans/${monthly.id}`)).status).toBe(204);
    const secret = await checkout(id);
    expect(secret).toBeTruthy();
    await pay(secret);
    await t.settle();
    expect(await get(id)).toMatchObject({ status: 'active', price: 30, payment_method: 'card' });
    const ben = await signIn(t, await buildUser(t, { email: 'ben@example.com', name: 'Ben' }));
    expect((await ben.post<One<unknown>>('/api/memberships', { plan_id: monthly.id })).body.code).toBe('plan_unavailable');
  });
});
