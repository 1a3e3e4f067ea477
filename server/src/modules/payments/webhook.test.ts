/**
 * POST /api/stripe/webhook: only Stripe's signature lets an event in, and each event takes effect
 * once however often and in whatever order it arrives.
 */
import { eq } from 'drizzle-orm';
import { stripeEvents } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { must } from '../../../test/support/must.ts';

describe('Stripe webhook', () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: string, signature?: string) =>
    fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });
  const processed = async (id: string) => (await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;

  it('accepts an event Stripe signed and records it once, however often it is delivered', async () => {
    const account = await t.sdk.accounts.create({ type: 'express' });
    await fetch(`${t.stripe.url}/onboarding/${account.id}`, { redirect: 'manual' });
    await t.settle();
    const event = must(
      [...t.stripe.events.values()].find((e) => e.type === 'account.updated'),
      "[...t.stripe.events.values()].find((e) => e.type === 'account.updated')",
    );
    expect(t.stripe.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([200]);
    await t.stripe.resend(event.id);
    await t.stripe.resend(event.id);
    expect(t.stripe.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await processed(event.id)).toBe(1);
  });

  it('refuses a forged, a stale or a missing signature with 400, and changes nothing', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'charge.refunded', data: { object: {} } });
    const forged = await post(payload, t.stripe.sign(payload, { secret: 'whsec_someone_else' }));
    const stale = await post(payload, t.stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    const missing = await post(payload);
    const tampered = await post(payload.replace('charge.refunded', 'invoice.paid'), t.stripe.sign(payload));
    for (const res of [forged, stale, missing, tampered]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    expect(await processed('evt_forged')).toBe(0);
  });

  it('answers 404 where card payments are not set up', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain
        .agent()
        .request('POST', '/api/stripe/webhook', { payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
