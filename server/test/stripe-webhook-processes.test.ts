/**
 * Exactly once across processes (docs/architecture.md#card-payments): two app processes on one
 * PostgreSQL database receive the same signed Stripe event several times at once — as when Stripe
 * retries while a load balancer spreads deliveries — and the booking is confirmed, paid and
 * e-mailed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { appointments, mailOutbox, payments, stripeEvents, users } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { startApp, type RunningApp } from './support/app-process.ts';
import { bookingHeaders, raceFixture, type RaceFixture } from './support/race-fixture.ts';
import { startStripeTestServer, type StripeTestServer } from './support/stripe-test-server.ts';
import { engine, freshDatabase } from './support/test-db.ts';
import { must } from './support/must.ts';

const SECRET = 'race-secret-race-secret-race-secret-0123';

describe.runIf(engine === 'postgres')('a Stripe event delivered to two app processes at once', { timeout: 120_000 }, () => {
  let db: Db;
  let fixture: RaceFixture;
  let stripe: StripeTestServer;
  /** Stripe's side: what a test or a browser's Stripe.js does. */
  let sdk: Stripe;
  let apps: RunningApp[];
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const database = await freshDatabase({ poolSize: 4 });
    db = database.db;
    fixture = await raceFixture(db, { clients: 1, sessionSecret: SECRET });
    // No webhook URL: the test delivers the event itself, to both processes.
    stripe = await startStripeTestServer();
    sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    const account = await sdk.accounts.create({ type: 'express' });
    await fetch(`${stripe.url}/onboarding/${account.id}`, { redirect: 'manual' });
    await db.update(users).set({ stripeAccountId: account.id, stripeConnected: true }).where(eq(users.email, 'race-provider@example.com'));
    const env = {
      DATABASE_URL: must(database.url, 'database.url'),
      SESSION_SECRET: SECRET,
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    };
    apps = await Promise.all([startApp(env), startApp(env)]);
    cleanup.push(async () => {
      await Promise.all(apps.map((a) => a.stop()));
      await stripe.stop();
      await database.close();
    });
  }, 120_000);

  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it('confirms the booking once, with one payment and one e-mail', async () => {
    const client = must(fixture.clients[0], 'fixture.clients[0]');
    const post = async <T>(app: RunningApp, path: string, body: object = {}) => {
      const res = await fetch(`${app.url}${path}`, { method: 'POST', headers: bookingHeaders(client), body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as T };
    };
    const booked = await post<{ data: { id: string } }>(must(apps[0], 'apps[0]'), '/api/appointments', {
      service_id: fixture.shortService,
      starts_at: fixture.appointmentStart,
    });
    expect(booked.status).toBe(201);
    const id = booked.body.data.id;
    const checkout = await post<{ data: { client_secret: string } }>(must(apps[1], 'apps[1]'), `/api/appointments/${id}/checkout`);
    expect(checkout.status).toBe(200);
    const intent = must(checkout.body.data.client_secret.split('_secret_')[0], "checkout.body.data.client_secret.split('_secret_')[0]");
    // What the client's browser does with Stripe.js.
    await sdk.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });

    const event = must(
      [...stripe.events.values()].find((e) => e.type === 'payment_intent.succeeded'),
      "[...stripe.events.values()].find((e) => e.type === 'payment_intent.succeeded')",
    );
    const payload = JSON.stringify(event);
    const deliver = (app: RunningApp) =>
      fetch(`${app.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        body: payload,
      }).then((r) => r.status);
    const statuses = await Promise.all([0, 1, 0, 1, 0, 1].map((i) => deliver(must(apps[i], 'apps[i]'))));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    const [booking] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(booking).toMatchObject({ status: 'confirmed', paymentMethod: 'card' });
    expect(must(booking, 'booking').paidAt).not.toBeNull();
    expect(await db.select().from(payments).where(eq(payments.appointmentId, id))).toMatchObject([
      { status: 'succeeded', amountCents: 4000 },
    ]);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    const confirmations = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'race-client-0@example.com'), eq(mailOutbox.subject, 'Booking confirmed: Short')));
    expect(confirmations).toHaveLength(1);
  });
});
