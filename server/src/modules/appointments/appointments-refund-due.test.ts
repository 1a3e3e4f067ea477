/**
 * A booking paid by card is refunded by card or, when that is impossible, the provider owes the
 * refund by hand (docs/product-rules.md#cancellation-and-refunds): here the installation's Stripe
 * keys are removed after the payments, so the same database is opened by an app without them.
 */
import { noChanges } from '../../db/change-notifications.ts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@slotted/contract';
import { paymentsOfAppointment, refundsOfAppointment } from '../../../test/support/payment-rows.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/support/stripe-app.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { engine } from '../../../test/support/test-db.ts';
import { buildOccurrence, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, refunds, type services, type users } from '../../db/schema.ts';
import { refundGaveUp } from '../payments/index.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC. Refunds up to 24 h before by default.
const TUE_11 = '2026-11-24T10:00:00Z'; // 25 hours ahead: inside the refund window
const TODAY_16 = '2026-11-23T15:00:00Z'; // six hours ahead: outside it

type One = { data: Appointment; code?: string };

let card: StripeTestApp;
let plain: TestApp | undefined;
let provider: typeof users.$inferSelect;
let massage: typeof services.$inferSelect;
let yoga: typeof services.$inferSelect;

beforeEach(async () => {
  card = await createStripeTestApp();
  provider = await buildProvider(card, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  await card.connect(provider);
  massage = await buildService(card, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  yoga = await buildService(card, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 5 });
});

afterEach(async () => {
  await plain?.close();
  plain = undefined;
  await card.close();
});

/** A client who books and pays by card while the installation still has its Stripe keys. */
async function paidBy(name: string, body: object): Promise<{ user: typeof users.$inferSelect; id: string }> {
  const user = await buildUser(card, { email: `${name.toLowerCase()}@example.com`, name });
  const agent = await signIn(card, user);
  const id = (await agent.post<{ data: { id: string } }>('/api/appointments', body)).body.data.id;
  const secret = (await agent.post<{ data: { client_secret: string } }>(`/api/appointments/${id}/checkout`)).body.data.client_secret;
  await card.sdk.paymentIntents.confirm(must(secret.split('_secret_')[0], "secret.split('_secret_')[0]"), {
    payment_method: 'pm_card_visa',
    return_url: card.url,
  });
  await card.settle();
  expect((await agent.get<One>(`/api/appointments/${id}`)).body.data).toMatchObject({ status: 'confirmed', payment_method: 'card' });
  return { user, id };
}

/** The keys are removed: the same database, opened by an app without Stripe (the first stays idle). */
async function withoutStripe(): Promise<TestApp> {
  const app = await createTestApp({
    database: { db: card.db, engine, onConnectionError: () => undefined, changes: noChanges, close: async () => undefined },
  });
  plain = app;
  return app;
}

const paymentsOf = (id: string) => paymentsOfAppointment(card.db, id);
const refundsOf = (id: string) => refundsOfAppointment(card.db, id);
const mailsAbout = (subject: string) =>
  must(plain, 'plain')
    .outbox.list()
    .filter((m) => m.subject === subject);
const markRefunded = (a: Agent, id: string) => a.post<One>(`/api/appointments/${id}/mark-refunded`);

describe('refund due by hand, without Stripe keys', () => {
  it('a client’s cancellation inside the window records the refund due; the provider marks it refunded, once', async () => {
    const { user, id } = await paidBy('Ana', { service_id: massage.id, starts_at: TUE_11 });
    const t = await withoutStripe();
    const ana = await signIn(t, user);
    const studio = await signIn(t, provider);

    const res = await ana.post<One>(`/api/appointments/${id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refund_due: 40, refund_due_by_hand: 40, refunded: 0, paid_at: null });
    expect(await refundsOf(id)).toMatchObject([{ reason: 'client_cancellation', status: 'due', amountCents: 4000, stripeRefundId: null }]);
    const mail = must(mailsAbout('Cancelled: Ana — Massage')[0], "mailsAbout('Cancelled: Ana — Massage')[0]").text;
    expect(mail).not.toContain('is refunded in full');
    expect(mail).toContain('give it back by hand');

    // The provider sees it, in the booking and in the client's bookings.
    expect((await studio.get<One>(`/api/appointments/${id}`)).body.data).toMatchObject({ refund_due_by_hand: 40 });
    const list = await studio.get<{ data: Appointment[] }>(`/api/appointments?client_id=${user.id}&subset=cancelled`);
    expect(list.body.data.find((a) => a.id === id)).toMatchObject({ refund_due_by_hand: 40 });

    // Only the provider of the booking may settle it.
    const rival = await signIn(t, await buildProvider(t, { email: 'rival@example.com' }));
    expect((await markRefunded(rival, id)).status).toBe(404);
    expect([403, 404]).toContain((await markRefunded(ana, id)).status);

    const settled = await markRefunded(studio, id);
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({ refund_due: 40, refund_due_by_hand: 0, refunded: 40, refunded_by_hand: 40 });
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
    expect(await refundsOf(id)).toMatchObject([{ status: 'settled_by_hand', amountCents: 4000 }]);
    expect((await ana.get<One>(`/api/appointments/${id}`)).body.data).toMatchObject({ refund_due_by_hand: 0, refunded_by_hand: 40 });

    const again = await markRefunded(studio, id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
  });

  it('nothing due is a conflict: a cancellation outside the window, or a booking not cancelled', async () => {
    const late = await paidBy('Ana', { service_id: massage.id, starts_at: TODAY_16 });
    const kept = await paidBy('Ben', { service_id: massage.id, starts_at: TUE_11 });
    const t = await withoutStripe();
    const ana = await signIn(t, late.user);
    const studio = await signIn(t, provider);
    expect((await ana.post<One>(`/api/appointments/${late.id}/cancel`)).body.data).toMatchObject({ refund_due: 0, refund_due_by_hand: 0 });
    expect(await refundsOf(late.id)).toEqual([]);
    expect((await markRefunded(studio, late.id)).status).toBe(409);
    expect((await markRefunded(studio, kept.id)).status).toBe(409);
  });

  it('the provider’s cancellation records the refund due, and the client is told the provider owes it', async () => {
    const { id } = await paidBy('Ana', { service_id: massage.id, starts_at: TODAY_16 });
    const t = await withoutStripe();
    const studio = await signIn(t, provider);
    expect((await studio.post<One>(`/api/appointments/${id}/cancel`)).body.data).toMatchObject({
      refund_due: 40,
      refund_due_by_hand: 40,
      refunded: 0,
    });
    expect(await refundsOf(id)).toMatchObject([{ reason: 'provider_cancellation', status: 'due', amountCents: 4000 }]);
    const mail = must(mailsAbout('Cancelled: Massage')[0], "mailsAbout('Cancelled: Massage')[0]").text;
    expect(mail).not.toContain('will be refunded in full');
    expect(mail).toContain('Studio owes you a refund of €40.00');
  });

  it('a cancelled class records a refund due for each place paid by card', async () => {
    const slot = await buildOccurrence(card, yoga, '2026-11-25T17:00:00Z');
    const ids = [
      (await paidBy('Ana', { service_id: yoga.id, slot_id: slot.id })).id,
      (await paidBy('Ben', { service_id: yoga.id, slot_id: slot.id })).id,
    ];
    const t = await withoutStripe();
    const studio = await signIn(t, provider);
    expect((await studio.request('DELETE', `/api/slots/${slot.id}?upcoming=0`)).status).toBe(204);
    for (const id of ids) {
      expect(await refundsOf(id)).toMatchObject([{ reason: 'provider_cancellation', status: 'due', amountCents: 1200 }]);
      expect((await studio.get<One>(`/api/appointments/${id}`)).body.data).toMatchObject({
        status: 'cancelled',
        refund_due: 12,
        refund_due_by_hand: 12,
        refunded: 0,
      });
    }
    for (const m of mailsAbout('Cancelled: Yoga')) expect(m.text).toContain('Studio owes you a refund of €12.00');
    expect((await markRefunded(studio, must(ids[0], 'ids[0]'))).body.data).toMatchObject({ refund_due_by_hand: 0, refunded: 12 });
    expect(await paymentsOf(must(ids[0], 'ids[0]'))).toMatchObject([{ status: 'refunded', refundedCents: 1200 }]);
  });
});

describe('refund due by hand, when Stripe’s refund gave up', () => {
  it('a refund whose job gave up is owed by hand, and Mark as refunded settles it (Stripe keys still there)', async () => {
    const { user, id } = await paidBy('Ana', { service_id: massage.id, starts_at: TUE_11 });
    // What a cancellation whose Stripe refund job used up its attempts leaves behind.
    const [payment] = await paymentsOf(id);
    const now = card.clock.now();
    const [row] = await card.db
      .insert(refunds)
      .values({ paymentId: must(payment, 'payment').id, amountCents: 4000, reason: 'client_cancellation', createdAt: now, updatedAt: now })
      .returning();
    await card.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: user.id, refundDueCents: 4000, paidAt: null, paymentMethod: null })
      .where(eq(appointments.id, id));
    await refundGaveUp(card.db, must(row, 'row').id, now);
    await refundGaveUp(card.db, must(row, 'row').id, now);

    const studio = await signIn(card, provider);
    expect((await studio.get<One>(`/api/appointments/${id}`)).body.data).toMatchObject({
      refund_due: 40,
      refund_due_by_hand: 40,
      refunded: 0,
    });
    const settled = await markRefunded(studio, id);
    expect(settled.body.data).toMatchObject({ refund_due_by_hand: 0, refunded: 40, refunded_by_hand: 40 });
    expect(await refundsOf(id)).toMatchObject([{ status: 'settled_by_hand' }]);
    expect(await paymentsOf(id)).toMatchObject([{ status: 'refunded', refundedCents: 4000 }]);
  });
});
