/**
 * The Stripe test server speaks Stripe's API: the official SDK drives every endpoint the app uses,
 * and the SDK's own `webhooks.constructEvent` accepts the signed events it sends (and rejects
 * tampered, stale or forged ones). It needs no database, so it runs once, in the PGlite project.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeTestServer, type StripeTestServer } from './support/stripe-test-server.ts';
import { engine } from './support/test-db.ts';
import { must } from './support/must.ts';

describe.skipIf(engine !== 'pglite')('the Stripe test server', () => {
  interface Received {
    payload: string;
    signature: string;
  }

  let server: StripeTestServer;
  let stripe: Stripe;
  let receiver: Server;
  let received: Received[] = [];
  let refuse = 0;

  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      let payload = '';
      for await (const chunk of req) payload += chunk;
      if (refuse > 0) {
        refuse--;
        res.writeHead(503).end();
        return;
      }
      received.push({ payload, signature: String(req.headers['stripe-signature']) });
      res.writeHead(200).end('{}');
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const { port } = receiver.address() as AddressInfo;
    server = await startStripeTestServer({
      webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
      retry: { attempts: 3, delayMs: 10 },
    });
    stripe = new Stripe(server.secretKey, { host: server.host, port: server.port, protocol: server.protocol });
  });

  afterAll(async () => {
    await server.stop();
    receiver.close();
  });

  beforeEach(async () => {
    await clearReceived();
    refuse = 0;
  });

  /** Forgets what was received, once what is under way has arrived. */
  async function clearReceived() {
    await server.webhooksIdle();
    received = [];
  }

  /** The events received so far, verified as the app will verify them. */
  async function receivedEvents(): Promise<Stripe.Event[]> {
    await server.webhooksIdle();
    return received.map(({ payload, signature }) => stripe.webhooks.constructEvent(payload, signature, server.webhookSecret));
  }

  async function eventOf<T extends Stripe.Event['type']>(type: T) {
    const event = (await receivedEvents()).find((e) => e.type === type);
    expect(event, `a ${type} event`).toBeDefined();
    return event as Extract<Stripe.Event, { type: T }>;
  }

  async function connectedAccount() {
    const account = await stripe.accounts.create({
      type: 'express',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://app.test/stripe/return',
      refresh_url: 'http://app.test/stripe/refresh',
    });
    await fetch(link.url, { redirect: 'manual' });
    return account;
  }

  it('answers a wrong secret key with 401, which the SDK raises as StripeAuthenticationError', async () => {
    const wrong = new Stripe('sk_test_wrong', { host: server.host, port: server.port, protocol: 'http' });
    const error = await wrong.accounts.retrieve('acct_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
  });

  it('answers an unknown object with 404 resource_missing', async () => {
    const error = await stripe.paymentIntents.retrieve('pi_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('onboards an Express account through its account link and sends a signed account.updated', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      email: 'studio@example.com',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { provider_id: '42' },
    });
    expect(account).toMatchObject({ type: 'express', charges_enabled: false, details_submitted: false });
    expect(account.capabilities).toEqual({ card_payments: 'inactive', transfers: 'inactive' });
    expect((await stripe.accounts.retrieve(account.id)).metadata).toEqual({ provider_id: '42' });

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://app.test/stripe/return?x=1',
      refresh_url: 'http://app.test/stripe/refresh',
    });
    expect(link.url.startsWith(server.url)).toBe(true);
    const response = await fetch(link.url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://app.test/stripe/return?x=1');

    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
    const event = await eventOf('account.updated');
    expect(event.account).toBe(account.id);
    expect(event.data.object).toMatchObject({ id: account.id, charges_enabled: true });
    expect(event.data.previous_attributes).toMatchObject({ charges_enabled: false });
    expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);

    const login = await stripe.accounts.createLoginLink(account.id);
    expect((await fetch(login.url)).status).toBe(200);
  });

  it('takes a destination payment with a test card and reports card details and a signed success', async () => {
    const account = await connectedAccount();
    const customer = await stripe.customers.create({ email: 'client@example.com', name: 'Client' });
    const created = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      customer: customer.id,
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_amount: 100,
      metadata: { appointment_id: '7' },
    });
    expect(created).toMatchObject({ status: 'requires_payment_method', amount: 2500, currency: 'eur' });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    const updated = await stripe.paymentIntents.update(created.id, { metadata: { hold_id: '9' } });
    expect(updated.metadata).toEqual({ appointment_id: '7', hold_id: '9' });

    const paid = await stripe.paymentIntents.confirm(created.id, {
      payment_method: 'pm_card_visa',
      expand: ['latest_charge', 'payment_method'],
    });
    expect(paid).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_amount: 100,
    });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((paid.payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });

    const event = await eventOf('payment_intent.succeeded');
    expect(event.data.object).toMatchObject({ id: paid.id, status: 'succeeded', metadata: { appointment_id: '7' } });
  });

  it('declines pm_card_chargeDeclined with a 402 card error and reports the failure', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const error = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((error as Stripe.errors.StripeCardError).payment_intent?.id).toBe(intent.id);

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect((await eventOf('payment_intent.payment_failed')).data.object.id).toBe(intent.id);

    // The client may try again with another card.
    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(retried.status).toBe('succeeded');
  });

  it('sends pm_card_authenticationRequired through a 3-D Secure page that returns to the app', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4000, currency: 'eur' });
    const pending = await stripe.paymentIntents.confirm(intent.id, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'http://app.test/pay/return',
    });
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action?.type).toBe('redirect_to_url');
    const page = must(
      must(
        must(pending.next_action, 'pending.next_action').redirect_to_url,
        "must(pending.next_action, 'pending.next_action').redirect_to_url",
      ).url,
      "must(must(pending.next_action, 'pending.next_action').redirect_to_url, 'must(pending.next_action, \\'pending.next_action\\').redirect_to_url').url",
    );
    expect(page.startsWith(server.url)).toBe(true);

    const response = await fetch(page, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(must(response.headers.get('location'), "response.headers.get('location')"));
    expect(back.origin + back.pathname).toBe('http://app.test/pay/return');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('payment_intent_client_secret')).toBe(intent.client_secret);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const done = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(done.status).toBe('succeeded');
    expect((done.latest_charge as Stripe.Charge).payment_method_details?.card?.last4).toBe('3184');
    expect((await eventOf('payment_intent.succeeded')).data.object.id).toBe(intent.id);
  });

  it('lets a browser confirm and read a PaymentIntent with the publishable key and its client secret, across origins', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'eur' });
    const origin = 'http://app.test';
    // As Stripe.js: a form body with the publishable key, from the page's origin.
    const browser = (path: string, params: Record<string, string>, method = 'POST') => {
      const body = new URLSearchParams(params).toString();
      return fetch(`${server.url}${path}${method === 'GET' ? `?${body}` : ''}`, {
        method,
        headers: { origin, ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
        ...(method === 'GET' ? {} : { body }),
      });
    };

    const preflight = await fetch(`${server.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);

    const wrongSecret = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      key: server.publishableKey,
      client_secret: `${intent.id}_secret_other`,
      payment_method: 'pm_card_visa',
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await wrongSecret.json()) as { error: { param: string } }).error.param).toBe('client_secret');

    // The publishable key opens nothing else.
    const create = await browser('/v1/payment_intents', { key: server.publishableKey, amount: '100', currency: 'eur' });
    expect(create.status).toBe(401);
    expect(((await create.json()) as { error: { message: string } }).error.message).toMatch(/publishable API key/);

    const declined = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      key: server.publishableKey,
      client_secret: must(intent.client_secret, 'intent.client_secret'),
      payment_method: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });

    const paid = await browser(`/v1/payment_intents/${intent.id}/confirm`, {
      key: server.publishableKey,
      client_secret: must(intent.client_secret, 'intent.client_secret'),
      payment_method: 'pm_card_visa',
      return_url: `${origin}/appointments/1`,
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe('*');
    expect(await paid.json()).toMatchObject({ id: intent.id, status: 'succeeded' });

    const read = await browser(
      `/v1/payment_intents/${intent.id}`,
      { key: server.publishableKey, client_secret: must(intent.client_secret, 'intent.client_secret') },
      'GET',
    );
    expect(await read.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('honours Idempotency-Key: same key and parameters, same answer; other parameters, an error', async () => {
    const first = await stripe.paymentIntents.create({ amount: 700, currency: 'eur' }, { idempotencyKey: 'hold-1' });
    const again = await stripe.paymentIntents.create({ amount: 700, currency: 'eur' }, { idempotencyKey: 'hold-1' });
    expect(again.id).toBe(first.id);
    const other = await stripe.paymentIntents
      .create({ amount: 800, currency: 'eur' }, { idempotencyKey: 'hold-1' })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    // A request refused by validation saves nothing: the key can be used again.
    const invalid = await stripe.paymentIntents
      .create({ currency: 'eur' } as Stripe.PaymentIntentCreateParams, { idempotencyKey: 'hold-2' })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
    expect((await stripe.paymentIntents.create({ amount: 900, currency: 'eur' }, { idempotencyKey: 'hold-2' })).amount).toBe(900);

    // A decline ran: the same key answers the same 402 without trying the card again.
    const confirmTwice = () =>
      stripe.paymentIntents
        .confirm(first.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'pay-1' })
        .catch((e: unknown) => e);
    expect(await confirmTwice()).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect(await confirmTwice()).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect((await receivedEvents()).filter((e) => e.type === 'payment_intent.payment_failed')).toHaveLength(1);
  });

  it('refunds with reverse_transfer, partially then fully, and sends charge.refunded', async () => {
    const account = await connectedAccount();
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'eur',
      transfer_data: { destination: account.id },
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    expect(intent.status).toBe('succeeded');
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000, reverse_transfer: true });
    expect(part).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: intent.id });
    expect(part.transfer_reversal).toMatch(/^trr_/);
    const rest = await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true });
    expect(rest.amount).toBe(2000);
    const over = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
    expect(over).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    const refunds = (await receivedEvents()).filter((e) => e.type === 'charge.refunded') as Stripe.ChargeRefundedEvent[];
    expect(refunds.map((e) => [e.data.object.amount_refunded, e.data.object.refunded])).toEqual([
      [1000, false],
      [3000, true],
    ]);
  });

  it('answers unknown charges, refunds, fees, subscriptions and invoices with 404 resource_missing', async () => {
    const missing = [
      stripe.charges.retrieve('ch_missing'),
      stripe.refunds.retrieve('re_missing'),
      stripe.applicationFees.retrieve('fee_missing'),
      stripe.subscriptions.retrieve('sub_missing'),
      stripe.invoices.retrieve('in_missing'),
    ];
    for (const error of await Promise.all(missing.map((p) => p.catch((e: unknown) => e)))) {
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    }
  });

  it('cancels a PaymentIntent that has not succeeded, and refuses one that has', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    await clearReceived();
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toBeGreaterThan(0);
    expect((await eventOf('payment_intent.canceled')).data.object).toMatchObject({ id: intent.id, status: 'canceled' });

    const confirmAgain = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }).catch((e: unknown) => e);
    expect(confirmAgain).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect((confirmAgain as Error).message).toMatch(/^You cannot confirm this PaymentIntent because it has a status of canceled\./);
    const cancelAgain = await stripe.paymentIntents.cancel(intent.id).catch((e: unknown) => e);
    expect(cancelAgain).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });

    const declined = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur' });
    await stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    expect((await stripe.paymentIntents.cancel(declined.id)).cancellation_reason).toBeNull();

    const paid = await stripe.paymentIntents.create({ amount: 1500, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    const refused = await stripe.paymentIntents.cancel(paid.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect((refused as Error).message).toMatch(/^You cannot cancel this PaymentIntent because it has a status of succeeded\./);

    const invalid = await stripe.paymentIntents
      .cancel(declined.id, { cancellation_reason: 'bored' as Stripe.PaymentIntentCancelParams.CancellationReason })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ statusCode: 400, param: 'cancellation_reason' });
  });

  it('reads charges and refunds, with expand, and takes an application fee that a refund can give back in proportion', async () => {
    const account = await connectedAccount();
    const pay = (fee: number) =>
      stripe.paymentIntents.create({
        amount: 4000,
        currency: 'eur',
        transfer_data: { destination: account.id },
        application_fee_amount: fee,
        confirm: true,
        payment_method: 'pm_card_visa',
      });
    const intent = await pay(400);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string, { expand: ['application_fee', 'payment_intent'] });
    expect(charge).toMatchObject({ object: 'charge', amount: 4000, paid: true, application_fee_amount: 400 });
    expect((charge.payment_intent as Stripe.PaymentIntent).id).toBe(intent.id);
    const fee = charge.application_fee as Stripe.ApplicationFee;
    expect(fee).toMatchObject({
      object: 'application_fee',
      amount: 400,
      amount_refunded: 0,
      refunded: false,
      charge: charge.id,
      account: account.id,
      currency: 'eur',
    });
    expect(fee.id).toMatch(/^fee_/);

    await clearReceived();
    const quarter = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1000,
      refund_application_fee: true,
      reverse_transfer: true,
    });
    expect(await stripe.applicationFees.retrieve(fee.id)).toMatchObject({ amount_refunded: 100, refunded: false });
    expect(await stripe.refunds.retrieve(quarter.id, { expand: ['charge'] })).toMatchObject({ amount: 1000, charge: { id: charge.id } });
    await stripe.refunds.create({ payment_intent: intent.id, refund_application_fee: true });
    const whole = await stripe.applicationFees.retrieve(fee.id);
    expect(whole).toMatchObject({ amount_refunded: 400, refunded: true });
    expect(whole.refunds.data.map((r) => r.amount)).toEqual([300, 100]);
    const refundedFee = (await receivedEvents()).filter((e) => e.type === 'application_fee.refunded');
    expect(refundedFee.map((e) => (e.data.object as Stripe.ApplicationFee).amount_refunded)).toEqual([100, 400]);
    // Refunds are listed on the charge only when expanded, as since API version 2022-11-15.
    expect((await stripe.charges.retrieve(charge.id)).refunds).toBeUndefined();
    const listed = await stripe.charges.retrieve(charge.id, { expand: ['refunds'] });
    expect(must(listed.refunds, 'listed.refunds').data.map((r) => r.amount)).toEqual([3000, 1000]);

    // Without refund_application_fee the platform keeps its fee.
    const kept = await pay(250);
    await stripe.refunds.create({ payment_intent: kept.id });
    const keptCharge = await stripe.charges.retrieve(kept.latest_charge as string, { expand: ['application_fee'] });
    expect(keptCharge.refunded).toBe(true);
    expect(keptCharge.application_fee).toMatchObject({ amount: 250, amount_refunded: 0, refunded: false });
  });

  it('reports a refund made in the dashboard as charge.refunded then refund.created', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    await clearReceived();
    // As the dashboard: no metadata, only the charge.
    const refund = await stripe.refunds.create({ charge: intent.latest_charge as string, amount: 500 });
    const events = await receivedEvents();
    expect(events.map((e) => e.type)).toEqual(['charge.refunded', 'refund.created']);
    const [refunded, created] = events as [Stripe.ChargeRefundedEvent, Stripe.RefundCreatedEvent];
    expect(refunded.data.object).toMatchObject({
      object: 'charge',
      id: intent.latest_charge,
      payment_intent: intent.id,
      amount_refunded: 500,
      refunded: false,
    });
    expect(refunded.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect(created.data.object).toMatchObject({ id: refund.id, amount: 500, charge: intent.latest_charge, metadata: {} });
  });

  it('starts an incomplete subscription whose first invoice is paid by confirming its PaymentIntent', async () => {
    const account = await connectedAccount();
    const customer = await stripe.customers.create({ email: 'member@example.com' });
    const product = await stripe.products.create({ name: 'Monthly yoga' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: { currency: 'eur', product: product.id, unit_amount: 4900, recurring: { interval: 'month' } } }],
      transfer_data: { destination: account.id },
      payment_behavior: 'default_incomplete',
      metadata: { membership_id: '3' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    expect(subscription.status).toBe('incomplete');
    expect(must(subscription.items.data[0], 'subscription.items.data[0]').current_period_end).toBeGreaterThan(subscription.start_date);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: 4900 });
    const clientSecret = must(invoice.confirmation_secret, 'invoice.confirmation_secret').client_secret;
    const intentId = must(must(invoice.payments, 'invoice.payments').data[0], "must(invoice.payments, 'invoice.payments').data[0]").payment
      .payment_intent as string;
    expect(clientSecret.startsWith(`${intentId}_secret_`)).toBe(true);
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ amount: 4900, transfer_data: { destination: account.id }, customer: customer.id });

    // Stripe's current API has no Invoice.payment_intent: the app must not rely on it.
    const legacy = await stripe.subscriptions
      .retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] })
      .catch((e: unknown) => e);
    expect(legacy).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const paid = await eventOf('invoice.paid');
    expect(paid.data.object).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 4900 });
    expect(paid.data.object.parent?.subscription_details?.subscription).toBe(subscription.id);
    const activated = await eventOf('customer.subscription.updated');
    expect(activated.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(activated.data.previous_attributes).toEqual({ status: 'incomplete' });

    await clearReceived();
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(cancelling.cancel_at).toBe(must(cancelling.items.data[0], 'cancelling.items.data[0]').current_period_end);
    expect((await eventOf('customer.subscription.updated')).data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
    });

    const ended = await stripe.subscriptions.cancel(subscription.id);
    expect(ended.status).toBe('canceled');
    expect((await eventOf('customer.subscription.deleted')).data.object.id).toBe(subscription.id);
  });

  it('renews a subscription at period end, charging the card, and ends one set to cancel', async () => {
    const customer = await stripe.customers.create({ email: 'renew@example.com' });
    const product = await stripe.products.create({ name: 'Monthly pilates' });
    const price = await stripe.prices.create({
      currency: 'eur',
      product: product.id,
      unit_amount: 3000,
      recurring: { interval: 'month' },
    });
    const start = async () => {
      const created = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        expand: ['latest_invoice.payments'],
      });
      const intent = must(
        must((created.latest_invoice as Stripe.Invoice).payments, '(created.latest_invoice as Stripe.Invoice).payments').data[0],
        "must((created.latest_invoice as Stripe.Invoice).payments, '(created.latest_invoice as Stripe.Invoice).payments').data[0]",
      ).payment.payment_intent as string;
      await stripe.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
      return created;
    };

    const subscription = await start();
    const firstEnd = must(subscription.items.data[0], 'subscription.items.data[0]').current_period_end;
    await clearReceived();
    await server.renewSubscription(subscription.id);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(must(renewed.items.data[0], 'renewed.items.data[0]').current_period_start).toBe(firstEnd);
    expect(renewed.latest_invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
    expect((await eventOf('invoice.paid')).data.object.id).toBe((renewed.latest_invoice as Stripe.Invoice).id);

    await clearReceived();
    await server.renewSubscription(subscription.id, 'pm_card_chargeDeclined');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect((await eventOf('invoice.payment_failed')).data.object.status).toBe('open');

    const other = await start();
    await stripe.subscriptions.update(other.id, { cancel_at_period_end: true });
    await clearReceived();
    await server.renewSubscription(other.id);
    expect((await eventOf('customer.subscription.deleted')).data.object).toMatchObject({ id: other.id, status: 'canceled' });
  });

  /** A monthly subscription whose first invoice was paid with pm_card_visa. */
  async function activeSubscription(extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    const product = await stripe.products.create({ name: 'Monthly barre' });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: { currency: 'eur', product: product.id, unit_amount: 2000, recurring: { interval: 'month' } } }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.payments'],
      ...extra,
    });
    const invoice = created.latest_invoice as Stripe.Invoice;
    const intentId = must(must(invoice.payments, 'invoice.payments').data[0], "must(invoice.payments, 'invoice.payments').data[0]").payment
      .payment_intent as string;
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    return { subscription: created, invoice, intentId };
  }

  /** The renewal invoice left open by a declined renewal. */
  async function failedRenewal(subscriptionId: string) {
    await server.renewSubscription(subscriptionId, 'pm_card_chargeDeclined');
    return (await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice;
  }

  it('charges a subscription invoice with its application fee percent, and keeps its PaymentIntent from being cancelled', async () => {
    const account = await connectedAccount();
    const { invoice, intentId } = await activeSubscription({
      transfer_data: { destination: account.id },
      application_fee_percent: 12.5,
    });
    expect(invoice.next_payment_attempt).toBeNull();
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge.application_fee'] });
    expect(intent.application_fee_amount).toBe(250);
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge.application_fee).toMatchObject({ amount: 250, account: account.id, charge: charge.id });

    const { subscription: other } = await activeSubscription();
    const open = await failedRenewal(other.id);
    const ref = must(
      must(
        (await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments,
        "(await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments",
      ).data[0],
      "must((await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments, '(await stripe.invoices.retrieve(open.id, { expand: [\\'payments\\'] })).payments').data[0]",
    ).payment.payment_intent as string;
    const refused = await stripe.paymentIntents.cancel(ref).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect((refused as Error).message).toMatch(/created by an invoice/);

    // Voiding the invoice is the way: its PaymentIntent is cancelled with it.
    await clearReceived();
    expect((await stripe.invoices.voidInvoice(open.id)).status).toBe('void');
    expect(await stripe.paymentIntents.retrieve(ref)).toMatchObject({ status: 'canceled', cancellation_reason: 'void_invoice' });
    expect((await receivedEvents()).map((e) => e.type)).toEqual(['payment_intent.canceled', 'invoice.voided']);
    expect(await stripe.invoices.pay(open.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
  });

  it('retries a failed renewal as Smart Retries do, and a paid retry brings the subscription back', async () => {
    const { subscription } = await activeSubscription();
    await clearReceived();
    const open = await failedRenewal(subscription.id);
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, billing_reason: 'subscription_cycle' });
    expect(open.next_payment_attempt).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(open.hosted_invoice_url).toBe(`${server.url}/i/${open.id}`);
    expect((await receivedEvents()).map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'payment_intent.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);

    await clearReceived();
    await server.retryInvoice(open.id, 'pm_card_chargeDeclinedInsufficientFunds');
    const again = await stripe.invoices.retrieve(open.id);
    expect(again).toMatchObject({ status: 'open', attempt_count: 2 });
    expect(again.next_payment_attempt).not.toBeNull();
    expect((await receivedEvents()).map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    expect((await eventOf('invoice.payment_failed')).data.object).toMatchObject({ id: open.id, attempt_count: 2 });

    // Without a card named, the retry charges the subscription's default (pm_card_visa).
    await clearReceived();
    await server.retryInvoice(open.id);
    expect((await receivedEvents()).map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect((await eventOf('invoice.paid')).data.object).toMatchObject({
      id: open.id,
      status: 'paid',
      attempt_count: 3,
      next_payment_attempt: null,
      amount_paid: 2000,
    });
    const back = await eventOf('customer.subscription.updated');
    expect(back.data.object.status).toBe('active');
    expect(back.data.previous_attributes).toEqual({ status: 'past_due' });

    // As the app's invoice.paid handler reads it: the invoice's one PaymentIntent, its charge the paid one.
    const paid = await stripe.invoices.retrieve(open.id, { expand: ['payments'] });
    const intentId = must(must(paid.payments, 'paid.payments').data[0], "must(paid.payments, 'paid.payments').data[0]").payment
      .payment_intent as string;
    expect(must(paid.payments, 'paid.payments').data[0]).toMatchObject({ status: 'paid', amount_paid: 2000 });
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    expect(intent.status).toBe('succeeded');
    expect(intent.latest_charge).toMatchObject({ paid: true, payment_method_details: { card: { brand: 'visa', last4: '4242' } } });

    expect(await stripe.invoices.pay(open.id).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
    await expect(server.retryInvoice(open.id)).rejects.toThrow(/already paid/);
  });

  it('gives up after the last retry: cancels the subscription or marks it unpaid, leaving the invoice open', async () => {
    const { subscription: cancelled } = await activeSubscription();
    const first = await failedRenewal(cancelled.id);
    await clearReceived();
    await server.giveUpOnSubscription(cancelled.id, 'cancel');
    expect((await receivedEvents()).map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const deleted = (await eventOf('customer.subscription.deleted')).data.object;
    expect(deleted).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(deleted.canceled_at).not.toBeNull();
    expect(deleted.ended_at).not.toBeNull();
    expect(await stripe.invoices.retrieve(first.id)).toMatchObject({ status: 'open', next_payment_attempt: null });

    const { subscription: unpaid } = await activeSubscription();
    const second = await failedRenewal(unpaid.id);
    await clearReceived();
    await server.giveUpOnSubscription(unpaid.id, 'unpaid');
    const marked = await eventOf('customer.subscription.updated');
    expect(marked.data.object.status).toBe('unpaid');
    expect(marked.data.previous_attributes).toEqual({ status: 'past_due' });
    expect((await stripe.invoices.retrieve(second.id)).next_payment_attempt).toBeNull();

    // The customer pays later on the hosted invoice page: the unpaid subscription is active again.
    const page = await fetch(must(second.hosted_invoice_url, 'second.hosted_invoice_url'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('20.00 EUR');
    expect(html).toContain(`/i/${second.id}?pay=1`);
    await clearReceived();
    expect((await fetch(`${must(second.hosted_invoice_url, 'second.hosted_invoice_url')}?pay=1`)).status).toBe(200);
    expect((await receivedEvents()).map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect((await eventOf('customer.subscription.updated')).data.previous_attributes).toEqual({ status: 'unpaid' });
    expect((await stripe.subscriptions.retrieve(unpaid.id)).status).toBe('active');

    // The cancelled subscription's invoice can still be paid, but the subscription stays cancelled.
    await clearReceived();
    expect((await stripe.invoices.pay(first.id)).status).toBe('paid');
    expect((await receivedEvents()).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid']);
    expect((await stripe.subscriptions.retrieve(cancelled.id)).status).toBe('canceled');
  });

  it('pays an open invoice through the API: a decline is a 402 card error and invoice.payment_failed', async () => {
    const { subscription } = await activeSubscription();
    const open = await failedRenewal(subscription.id);
    await clearReceived();
    const declined = await stripe.invoices.pay(open.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect((await receivedEvents()).map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({ status: 'open', attempt_count: 2 });

    await clearReceived();
    const paid = await stripe.invoices.pay(open.id, { payment_method: 'pm_card_mastercard' });
    expect(paid).toMatchObject({ id: open.id, status: 'paid', amount_remaining: 0 });
    expect((await receivedEvents()).map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const intent = await stripe.paymentIntents.retrieve(
      must(
        must(
          (await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments,
          "(await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments",
        ).data[0],
        "must((await stripe.invoices.retrieve(open.id, { expand: ['payments'] })).payments, '(await stripe.invoices.retrieve(open.id, { expand: [\\'payments\\'] })).payments').data[0]",
      ).payment.payment_intent as string,
      { expand: ['latest_charge'] },
    );
    expect((intent.latest_charge as Stripe.Charge).payment_method_details?.card?.last4).toBe('4444');
    const again = await stripe.invoices.pay(open.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400 });
    expect((again as Error).message).toMatch(/already paid/);
  });

  it('signs so that tampered payloads, stale timestamps and other secrets are rejected', async () => {
    await connectedAccount();
    const [event] = await receivedEvents();
    const { payload, signature } = must(received[0], 'received[0]');
    const verify = (body: string, header: string) => () => stripe.webhooks.constructEvent(body, header, server.webhookSecret);
    expect(verify(payload.replace(must(event, 'event').id, 'evt_forged'), signature)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    await clearReceived();
    await server.resend(must(event, 'event').id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    await server.resend(must(event, 'event').id, { secret: 'whsec_other' });
    await server.resend(must(event, 'event').id);
    const [stale, forged, duplicate] = received;
    expect(verify(must(stale, 'stale').payload, must(stale, 'stale').signature)).toThrow(/Timestamp outside the tolerance zone/);
    expect(verify(must(forged, 'forged').payload, must(forged, 'forged').signature)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(verify(must(duplicate, 'duplicate').payload, must(duplicate, 'duplicate').signature)().id).toBe(must(event, 'event').id);
    expect(server.sign(must(duplicate, 'duplicate').payload)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('retries a failed delivery, and can hold events to send them reversed and duplicated', async () => {
    refuse = 2;
    const account = await connectedAccount();
    await server.webhooksIdle();
    const attempts = server.deliveries.filter((d) => d.type === 'account.updated' && JSON.parse(d.payload).account === account.id);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
    expect(received).toHaveLength(1);

    await clearReceived();
    server.pauseWebhooks();
    const first = await stripe.paymentIntents.create({ amount: 500, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    const second = await stripe.paymentIntents.create({ amount: 600, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    expect(received).toHaveLength(0);
    await server.releaseWebhooks({ reverse: true, duplicate: true });
    const ids = (await receivedEvents()).map((e) => (e.data.object as Stripe.PaymentIntent).id);
    expect(ids).toEqual([second.id, second.id, first.id, first.id]);
  });

  it('delivers only the event types the endpoint listens to, and keeps the others readable', async () => {
    const { port } = receiver.address() as AddressInfo;
    const listening = await startStripeTestServer({
      webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
      enabledEvents: ['charge.refunded'],
    });
    try {
      const sdk = new Stripe(listening.secretKey, { host: listening.host, port: listening.port, protocol: 'http' });
      const intent = await sdk.paymentIntents.create({ amount: 800, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
      await sdk.refunds.create({ payment_intent: intent.id });
      await listening.webhooksIdle();
      const types = [...listening.events.values()].map((e) => e.type);
      expect(types).toEqual(['payment_intent.succeeded', 'charge.refunded', 'refund.created']);
      expect(listening.deliveries.map((d) => d.type)).toEqual(['charge.refunded']);
      const created = must(
        [...listening.events.values()].find((e) => e.type === 'refund.created'),
        "[...listening.events.values()].find((e) => e.type === 'refund.created')",
      );
      expect(created.pending_webhooks).toBe(0);
      expect((await sdk.events.retrieve(created.id)).type).toBe('refund.created');
    } finally {
      await listening.stop();
    }
  });

  it('holds every kind of event while paused, and releases them shuffled by a seed, the same seed the same order', async () => {
    const { subscription } = await activeSubscription();
    await clearReceived();
    const before = server.events.size;
    server.pauseWebhooks();
    const open = await failedRenewal(subscription.id);
    await server.retryInvoice(open.id, 'pm_card_chargeDeclined');
    await server.giveUpOnSubscription(subscription.id, 'unpaid');
    await stripe.invoices.pay(open.id, { payment_method: 'pm_card_visa' });
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: intent.id });
    await stripe.paymentIntents.cancel((await stripe.paymentIntents.create({ amount: 900, currency: 'eur' })).id);
    expect(received).toHaveLength(0);
    const held = [...server.events.values()].slice(before).map((e) => e.type);
    expect(new Set(held)).toEqual(
      new Set([
        'customer.subscription.updated',
        'payment_intent.payment_failed',
        'invoice.payment_failed',
        'payment_intent.succeeded',
        'invoice.paid',
        'charge.refunded',
        'refund.created',
        'payment_intent.canceled',
      ]),
    );

    await server.releaseWebhooks({ shuffle: 7 });
    const order = (await receivedEvents()).map((e) => e.id);
    expect([...order].sort()).toEqual([...server.events.keys()].slice(before).sort());
    expect(order).not.toEqual([...server.events.keys()].slice(before));

    // The same seed over as many events gives the same order.
    const permutation = async (seed: number) => {
      await clearReceived();
      const start = server.events.size;
      server.pauseWebhooks();
      for (let i = 0; i < 6; i++)
        await stripe.paymentIntents.cancel((await stripe.paymentIntents.create({ amount: 900, currency: 'eur' })).id);
      const ids = [...server.events.keys()].slice(start);
      await server.releaseWebhooks({ shuffle: seed });
      return (await receivedEvents()).map((e) => ids.indexOf(e.id));
    };
    const seven = await permutation(7);
    expect([...seven].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await permutation(7)).toEqual(seven);
    expect(await permutation(8)).not.toEqual(seven);
  });
});
