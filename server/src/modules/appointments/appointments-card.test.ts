/**
 * Paying for a booking by card (docs/product-rules.md#payments) against the project's
 * Stripe-compatible server: the booking is confirmed only when Stripe says the money moved, once,
 * and cancellations give card payments back as the refund rules say. Two app processes receiving
 * the same event: server/test/stripe-webhook-processes.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@slotted/contract';
import { paymentsOfAppointment, refundsOfAppointment } from '../../../test/support/payment-rows.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildOccurrence, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { stripeEvents, users, type services } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 Madrid). Hours Mon–Fri 08:00–17:00; notice 1 h; refunds up to 24 h before.
const TUE_11 = '2026-11-24T10:00:00Z'; // 25 hours ahead: inside the refund window
const TODAY_16 = '2026-11-23T15:00:00Z'; // six hours ahead: outside it

let t: StripeTestApp;
let provider: typeof users.$inferSelect;
let account: string;
let studio: Agent;
let ana: Agent;
let massage: typeof services.$inferSelect;
let yoga: typeof services.$inferSelect;

async function setUp(opts: Parameters<typeof createStripeTestApp>[0] = {}) {
  t = await createStripeTestApp(opts);
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  account = await t.connect(provider);
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 5 });
  ana = await client('Ana');
}

const client = async (name: string) => signIn(t, await buildUser(t, { email: `${name.toLowerCase()}@example.com`, name }));
type One = { data: Appointment; code?: string };
const book = async (a: Agent, body: object) => (await a.post<{ data: { id: string } }>('/api/appointments', body)).body.data.id;
const bookMassage = (a: Agent, startsAt = TUE_11) => book(a, { service_id: massage.id, starts_at: startsAt });
const get = async (a: Agent, id: string, query = '') => (await a.get<One>(`/api/appointments/${id}${query}`)).body.data;
const checkout = (a: Agent, id: string) => a.post<{ data: { client_secret: string }; code?: string }>(`/api/appointments/${id}/checkout`);
const intentOf = (secret: string) => must(secret.split('_secret_')[0], "secret.split('_secret_')[0]");
/** The client's browser confirms the payment with Stripe.js and a test card. */
const payWith = (secret: string, card: string, returnUrl = `${t.url}/appointments`) =>
  t.sdk.paymentIntents.confirm(intentOf(secret), { payment_method: card, return_url: returnUrl });
/** Books, starts the checkout and pays with a card that succeeds; the webhook confirms. */
async function paidBooking(a: Agent, body: object): Promise<string> {
  const id = await book(a, body);
  await payWith((await checkout(a, id)).body.data.client_secret, 'pm_card_visa');
  await t.settle();
  return id;
}
const paymentsOf = (id: string) => paymentsOfAppointment(t.db, id);
const refundsOf = (id: string) => refundsOfAppointment(t.db, id);
const mailsAbout = (subject: string) => t.outbox.list().filter((m) => m.subject === subject);

describe('paying now for a booking', () => {
  beforeEach(() => setUp());
  afterEach(() => t.close());

  it('confirms the booking once Stripe reports the payment, charged to the provider’s account, and only once however often checkout is asked', async () => {
    const id = await bookMassage(ana);
    expect((await get(ana, id)).payment_options).toEqual(['pay_now', 'in_person']);
    const first = await checkout(ana, id);
    expect(first.status).toBe(200);
    const again = await checkout(ana, id);
    expect(again.body.data.client_secret).toBe(first.body.data.client_secret);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'pending', method: 'card', amountCents: 4000 }]);
    const intent = must(
      t.stripe.object(intentOf(first.body.data.client_secret)),
      't.stripe.object(intentOf(first.body.data.client_secret))',
    );
    expect(intent).toMatchObject({
      amount: 4000,
      currency: 'eur',
      transfer_data: { destination: account },
      on_behalf_of: account,
      application_fee_amount: null,
      metadata: { appointment_id: id },
    });
    // Paying is not confirming: only Stripe's word is.
    expect((await get(ana, id)).status).toBe('held');

    await payWith(first.body.data.client_secret, 'pm_card_visa');
    await t.settle();
    expect(await get(ana, id)).toMatchObject({
      status: 'confirmed',
      paid_at: '2026-11-23T09:00:00Z',
      payment_method: 'card',
      missing_payment: false,
      payment_options: [],
    });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' }]);
    expect(mailsAbout('Booking confirmed: Massage').map((m) => m.to)).toEqual(['ana@example.com']);
    expect(mailsAbout('New booking: Ana — Massage').map((m) => m.to)).toEqual(['studio@example.com']);
    // A confirmed, paid booking has nothing left to pay.
    expect((await checkout(ana, id)).body.code).toBe('payment_unavailable');
  });

  it('keeps the hold unpaid when the card is declined', async () => {
    const id = await bookMassage(ana);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    await expect(payWith(secret, 'pm_card_chargeDeclined')).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'held', paid_at: null, missing_payment: true });
    // Trying again uses the same payment.
    expect((await checkout(ana, id)).body.data.client_secret).toBe(secret);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('after a 3-D Secure redirect the server asks Stripe itself, and the late webhook changes nothing', async () => {
    const id = await bookMassage(ana);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    t.stripe.pauseWebhooks();
    const intent = await payWith(secret, 'pm_card_authenticationRequired', `${t.url}/appointments/${id}`);
    expect(intent.status).toBe('requires_action');
    const page = await fetch(
      must(
        must(
          must(intent.next_action, 'intent.next_action').redirect_to_url,
          "must(intent.next_action, 'intent.next_action').redirect_to_url",
        ).url,
        "must(must(intent.next_action, 'intent.next_action').redirect_to_url, 'must(intent.next_action, \\'intent.next_action\\').redirect_to_url').url",
      ),
      { redirect: 'manual' },
    );
    expect(page.status).toBe(302);
    const back = new URL(must(page.headers.get('location'), "page.headers.get('location')"));
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await get(ana, id)).status).toBe('held');
    // Someone else's payment id changes nothing here.
    expect((await get(ana, id, '?session_id=pi_unknown')).status).toBe('held');

    expect(await get(ana, id, `?session_id=${back.searchParams.get('payment_intent')}`)).toMatchObject({
      status: 'confirmed',
      payment_method: 'card',
    });
    await t.stripe.releaseWebhooks();
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card' });
    expect(mailsAbout('Booking confirmed: Massage')).toHaveLength(1);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('refunds a payment that arrives after the hold expired, and does not book the time', async () => {
    const id = await bookMassage(ana);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    t.clock.advanceMinutes(11);
    expect((await checkout(ana, id)).body.code).toBe('hold_expired');
    await payWith(secret, 'pm_card_visa');
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'expired', confirmed_at: null, paid_at: null, refunded: 40 });
    expect(await refundsOf(id)).toMatchObject([{ reason: 'late_payment', status: 'succeeded', amountCents: 4000 }]);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
    const charge = must(
      t.stripe.object(must(t.stripe.object(intentOf(secret)), 't.stripe.object(intentOf(secret))').latest_charge as string),
      "t.stripe.object(must(t.stripe.object(intentOf(secret)), 't.stripe.object(intentOf(secret))').latest_charge as string)",
    );
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4000 });
    const refund = [...t.stripe.events.values()].find((e) => e.type === 'charge.refunded');
    expect(refund).toBeDefined();
    expect(mailsAbout('Booking confirmed: Massage')).toHaveLength(0);
    // The time is free for someone else.
    const ben = await client('Ben');
    expect((await ben.post('/api/appointments', { service_id: massage.id, starts_at: TUE_11 })).status).toBe(201);
  });

  it('a cancellation inside the refund window refunds the card in full; re-booking then means paying again', async () => {
    const id = await paidBooking(ana, { service_id: massage.id, starts_at: TUE_11 });
    const res = await ana.post<One>(`/api/appointments/${id}/cancel`);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refund_due: 40, paid_at: null, missing_payment: true });
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ refund_due: 40, refunded: 40, payment_options: ['pay_now', 'in_person'] });
    expect(await refundsOf(id)).toMatchObject([{ reason: 'client_cancellation', status: 'succeeded', amountCents: 4000 }]);
    const [payment] = await paymentsOf(id);
    const refund = must(
      [...t.stripe.events.values()].find((e) => e.type === 'charge.refunded'),
      "[...t.stripe.events.values()].find((e) => e.type === 'charge.refunded')",
    );
    expect(refund.data.object).toMatchObject({ payment_intent: must(payment, 'payment').stripePaymentIntentId, amount_refunded: 4000 });
    expect(must(mailsAbout('Cancelled: Ana — Massage')[0], "mailsAbout('Cancelled: Ana — Massage')[0]").text).toContain(
      'Their card payment of €40.00 is refunded in full.',
    );

    // Re-booking by card holds the time again and takes a new payment.
    const secret = (await checkout(ana, id)).body.data.client_secret;
    expect(intentOf(secret)).not.toBe(must(payment, 'payment').stripePaymentIntentId);
    expect(await get(ana, id)).toMatchObject({ status: 'held', expires_in_seconds: 600 });
    await payWith(secret, 'pm_card_visa');
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'card', refund_due: 0 });
    expect((await paymentsOf(id)).map((p) => p.status).sort()).toEqual(['refunded', 'succeeded']);
  });

  it('a cancellation outside the window refunds nothing, and the booking keeps its payment for re-booking', async () => {
    const id = await paidBooking(ana, { service_id: massage.id, starts_at: TODAY_16 });
    const res = await ana.post<One>(`/api/appointments/${id}/cancel`);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      refund_due: 0,
      paid_at: '2026-11-23T09:00:00Z',
      payment_options: ['rebook'],
    });
    await t.settle();
    expect(await refundsOf(id)).toEqual([]);
    expect(must(mailsAbout('Cancelled: Ana — Massage')[0], "mailsAbout('Cancelled: Ana — Massage')[0]").text).not.toContain('refunded');
    const again = await ana.post<One>(`/api/appointments/${id}/confirm-without-payment`);
    expect(again.body.data).toMatchObject({ status: 'confirmed', payment_method: 'card' });
  });

  it('the provider’s cancellation refunds in full, even where the client’s would not', async () => {
    const id = await paidBooking(ana, { service_id: massage.id, starts_at: TODAY_16 });
    expect((await studio.post<One>(`/api/appointments/${id}/cancel`)).body.data).toMatchObject({ refund_due: 40, paid_at: null });
    await t.settle();
    expect(await refundsOf(id)).toMatchObject([{ reason: 'provider_cancellation', status: 'succeeded', amountCents: 4000 }]);
    expect(must(mailsAbout('Cancelled: Massage')[0], "mailsAbout('Cancelled: Massage')[0]").text).toContain(
      'Your payment of €40.00 will be refunded in full.',
    );
    // A provider's cancellation is final: nothing to pay again.
    expect((await get(ana, id)).payment_options).toEqual([]);
  });

  it('the provider cancelling a class with five paid places refunds all five at once', async () => {
    const slot = await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z');
    const names = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eva'];
    const ids: string[] = [];
    for (const name of names)
      ids.push(await paidBooking(name === 'Ana' ? ana : await client(name), { service_id: yoga.id, slot_id: slot.id }));
    expect((await studio.request('DELETE', `/api/slots/${slot.id}?upcoming=0`)).status).toBe(204);
    await t.settle();
    for (const id of ids) {
      expect(await refundsOf(id)).toMatchObject([{ reason: 'provider_cancellation', status: 'succeeded', amountCents: 1200 }]);
      expect(await get(studio, id)).toMatchObject({ status: 'cancelled', refund_due: 12, refunded: 12, paid_at: null });
    }
    expect(t.stripe.deliveries.filter((d) => d.type === 'charge.refunded' && d.status === 200)).toHaveLength(5);
    const mails = mailsAbout('Cancelled: Yoga');
    expect(mails.map((m) => m.to).sort()).toEqual(names.map((n) => `${n.toLowerCase()}@example.com`));
    for (const m of mails) expect(m.text).toContain('Your payment of €12.00 will be refunded in full.');
  });

  it('webhooks delivered twice and out of order take effect once', async () => {
    const id = await bookMassage(ana);
    const secret = (await checkout(ana, id)).body.data.client_secret;
    t.stripe.pauseWebhooks();
    await payWith(secret, 'pm_card_visa');
    // Back from paying before the webhook; then cancelled inside the window, refunded by the job.
    expect((await get(ana, id, `?session_id=${intentOf(secret)}`)).status).toBe('confirmed');
    await ana.post(`/api/appointments/${id}/cancel`);
    await t.app.jobs.runDue();
    // charge.refunded arrives first, payment_intent.succeeded after it, each twice.
    await t.stripe.releaseWebhooks({ reverse: true, duplicate: true });
    await t.settle();
    expect(await get(ana, id)).toMatchObject({ status: 'cancelled', refund_due: 40, refunded: 40, paid_at: null });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(mailsAbout('Booking confirmed: Massage')).toHaveLength(1);
    const events = (await t.db.select().from(stripeEvents)).map((e) => e.type).filter((type) => type !== 'account.updated');
    expect(events.sort()).toEqual(['charge.refunded', 'payment_intent.succeeded']);
  });

  it('a provider who requires payment offers pay now only', async () => {
    await t.db.update(users).set({ requirePayment: true }).where(eq(users.id, provider.id));
    const id = await bookMassage(ana);
    expect((await get(ana, id)).payment_options).toEqual(['pay_now']);
    const refused = await ana.post(`/api/appointments/${id}/confirm-without-payment`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'payment_required' });
    // Disconnected (account.updated turns the requirement off with it): paying in person is what is left.
    await t.db.update(users).set({ stripeConnected: false, requirePayment: false }).where(eq(users.id, provider.id));
    expect((await get(ana, id)).payment_options).toEqual(['in_person']);
    expect((await checkout(ana, id)).body.code).toBe('payment_unavailable');
  });

  it('only the client can pay for their booking', async () => {
    const id = await bookMassage(ana);
    const ben = await client('Ben');
    expect((await checkout(ben, id)).status).toBe(404);
    expect((await checkout(studio, id)).status).toBe(404);
    expect(await paymentsOf(id)).toEqual([]);
  });
});

describe('without Stripe keys', () => {
  let plain: TestApp;
  afterEach(() => plain.close());

  it('never offers pay now, even for a provider marked connected', async () => {
    plain = await createTestApp();
    const studioRow = await buildProvider(plain, { stripeConnected: true, stripeAccountId: 'acct_gone' });
    const service = await buildService(plain, studioRow);
    const agent = await signIn(plain, await buildUser(plain));
    const id = (await agent.post<{ data: { id: string } }>('/api/appointments', { service_id: service.id, starts_at: TUE_11 })).body.data
      .id;
    expect((await agent.get<One>(`/api/appointments/${id}`)).body.data.payment_options).toEqual(['in_person']);
    const res = await agent.post<{ code?: string }>(`/api/appointments/${id}/checkout`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment_unavailable');
  });
});
