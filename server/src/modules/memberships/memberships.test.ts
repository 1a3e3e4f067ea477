import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Membership, ProviderPlan, PurchasedService } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  buildAppointment,
  buildMembership,
  buildPlan,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import type { plans } from '../../db/schema.ts';
import { memberships, payments, type services, users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 in Madrid, the studio's zone).
let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let ana: Agent;
let anaRow: typeof users.$inferSelect;
let yoga: typeof services.$inferSelect;
let pilates: typeof services.$inferSelect;
let monthly: typeof plans.$inferSelect;
let pack: typeof plans.$inferSelect;

/** A studio with two classes, a monthly membership (8 of either) and a 3-month pack (5 yoga), and Ana. */
async function setUp(app: TestApp, clientZone = 'Europe/Madrid') {
  t = app;
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1500, durationMinutes: 60, location: 'Room 1' });
  pilates = await buildService(t, provider, { name: 'Pilates', type: 'class', priceCents: 1800, durationMinutes: 45 });
  monthly = await buildPlan(t, provider, {
    name: 'Unlimited Flow',
    priceCents: 7900,
    descriptionHtml: '<p>Every class</p>',
    benefits: ['8 classes a month'],
    groups: [{ quantity: 8, services: [yoga, pilates] }],
  });
  pack = await buildPlan(t, provider, {
    name: '5-Session Pack',
    priceCents: 6000,
    expiresInMonths: 3,
    groups: [{ quantity: 5, services: [yoga] }],
  });
  anaRow = await buildUser(t, { email: 'ana@example.com', name: 'Ana', timezone: clientZone });
  ana = await signIn(t, anaRow);
}

afterEach(async () => {
  await t.close();
});

type One = { data: Membership; code?: string; message?: string };
type Many = { data: Membership[]; code?: string };
const buy = (a: Agent, planId: unknown) =>
  a.post<{ data: { id: string }; code?: string; message?: string; errors?: Record<string, string[]> }>('/api/memberships', {
    plan_id: planId,
  });
const get = (a: Agent, id: string) => a.get<One>(`/api/memberships/${id}`);
const confirm = (a: Agent, id: string) => a.post<One>(`/api/memberships/${id}/confirm-without-payment`);
const cancel = (a: Agent, id: string) => a.post<One>(`/api/memberships/${id}/cancel`);
const markPaid = (a: Agent, id: string) => a.post<One>(`/api/memberships/${id}/mark-paid`);
/** Buys and confirms in person: the membership's id. */
async function bought(a: Agent, planId: number): Promise<string> {
  const id = (await buy(a, planId)).body.data.id;
  expect((await confirm(a, id)).status).toBe(200);
  return id;
}
const signedInClient = async (name: string) => signIn(t, await buildUser(t, { email: `${name.toLowerCase()}@example.com`, name }));
/** Mail sent since `before` (the outbox lists newest first). */
const mailSince = (before: number) => t.outbox.list().slice(0, t.outbox.list().length - before);

describe('buying a plan', () => {
  beforeEach(async () => setUp(await createTestApp()));

  it('holds the purchase for 10 minutes, then confirms in person and e-mails both sides', async () => {
    expect((await buy(t.agent(), monthly.id)).status).toBe(401);
    const res = await buy(ana, monthly.id);
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    // The same request while the hold lives is the same purchase.
    const again = await buy(ana, monthly.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(id);

    await buildPolicy(t, provider, { termsHtml: '<p>Be kind</p>' });
    t.clock.advanceMinutes(4);
    const held = (await get(ana, id)).body.data;
    expect(held).toMatchObject({
      id,
      plan_id: monthly.id,
      status: 'held',
      name: 'Unlimited Flow',
      description: '<p>Every class</p>',
      benefits: ['8 classes a month'],
      price: 79,
      interval: 'month',
      expires_in: null,
      cover: null,
      provider: {
        id: provider.id,
        name: 'Studio',
        username: 'studio',
        stripe_connected: false,
        require_payment: false,
        policy: { terms_of_service: '<p>Be kind</p>' },
      },
      client: { id: anaRow.id, name: 'Ana', email: 'ana@example.com' },
      quantity_count: 8,
      used_count: 0,
      available_count: 0,
      renewal_day: null,
      expiration_day: null,
      expires_in_seconds: 360,
      confirmed_at: null,
      missing_payment: true,
      payment_options: ['in_person'],
      can_be_cancelled: false,
      is_mine: true,
      card: null,
      payments: [],
    });
    expect(held.services).toEqual([
      {
        id: expect.any(Number),
        quantity: 8,
        used: 0,
        available: 0,
        services: [
          { id: yoga.id, name: 'Yoga', type: 'class', duration: 60, price: 15, cover: null },
          { id: pilates.id, name: 'Pilates', type: 'class', duration: 45, price: 18, cover: null },
        ],
      },
    ]);
    // The card-payment return parameter is accepted (card payments arrive with Stripe Connect).
    expect((await ana.get(`/api/memberships/${id}?session_id=cs_test_1`)).status).toBe(200);

    const before = t.outbox.list().length;
    const confirmed = await confirm(ana, id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'active',
      confirmed_at: '2026-11-23T09:04:00Z',
      payment_method: 'in_person',
      paid_at: null,
      missing_payment: true,
      payment_options: [],
      expires_in_seconds: null,
      quantity_count: 8,
      used_count: 0,
      available_count: 8,
      renewal_day: '2026-12-23',
      expiration_day: null,
      can_be_cancelled: true,
      services: [{ quantity: 8, used: 0, available: 8 }],
    });
    const mails = mailSince(before);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['ana@example.com', 'Purchase confirmed: Unlimited Flow'],
      ['studio@example.com', 'New membership: Ana — Unlimited Flow'],
    ]);
    expect(
      must(
        mails.find((m) => m.to === 'ana@example.com'),
        "mails.find((m) => m.to === 'ana@example.com')",
      ).text,
    ).toContain('the next period starts on 2026-12-23');
    // Confirming again changes nothing and sends nothing.
    const repeated = await confirm(ana, id);
    expect(repeated.body.data).toEqual(confirmed.body.data);
    expect(t.outbox.list().length - before).toBe(2);
    // The renewal stored: a monthly membership renews until cancelled.
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
    expect(row).toMatchObject({ renews: true, holdExpiresAt: null });
  });

  it('answers 422 on plan_id, 404 for an unknown plan, 409 for a deleted one and 403 for the provider’s own', async () => {
    for (const planId of [undefined, 'abc', 0, 1.5]) {
      const res = await buy(ana, planId);
      expect(res.status).toBe(422);
      expect(Object.keys(must(res.body.errors, 'res.body.errors'))).toEqual(['plan_id']);
    }
    expect((await buy(ana, 999_999)).body).toMatchObject({ code: 'not_found' });
    expect((await buy(ana, 999_999)).status).toBe(404);
    expect((await buy(studio, monthly.id)).status).toBe(403);
    expect((await studio.request('DELETE', `/api/plans/${pack.id}`)).status).toBe(204);
    const gone = await buy(ana, pack.id);
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('plan_unavailable');
  });

  it('limits live purchase holds with one provider, and says when to try again', async () => {
    const third = await buildPlan(t, provider, { name: 'Third', groups: [{ quantity: 1, services: [yoga] }] });
    const fourth = await buildPlan(t, provider, { name: 'Fourth', groups: [{ quantity: 1, services: [yoga] }] });
    const first = (await buy(ana, monthly.id)).body.data.id;
    expect((await buy(ana, pack.id)).status).toBe(201);
    expect((await buy(ana, third.id)).status).toBe(201);
    t.clock.advanceMinutes(2);
    const refused = await buy(ana, fourth.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'too_many_holds',
      message:
        'You already have 3 unconfirmed purchases with Studio. Confirm one of them, or try again in 8 minutes when the first is released.',
    });
    expect(refused.headers['retry-after']).toBe('480');
    // Someone else's holds do not count; confirming one makes room.
    expect((await buy(await signedInClient('Ben'), fourth.id)).status).toBe(201);
    await confirm(ana, first);
    expect((await buy(ana, fourth.id)).status).toBe(201);
  });

  it('rate-limits purchase requests per person, with Retry-After', async () => {
    const limited = await createTestApp({ env: { BOOKING_LIMIT_PER_USER: '2' } });
    try {
      const studio2 = await buildProvider(limited, { name: 'Prov' });
      const plan = await buildPlan(limited, studio2, { groups: [{ quantity: 1, services: [await buildService(limited, studio2)] }] });
      const c = await signIn(limited, await buildUser(limited));
      expect((await buy(c, plan.id)).status).toBe(201);
      expect((await buy(c, plan.id)).status).toBe(200);
      const third = await buy(c, plan.id);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: 'rate_limited', message: 'Too many purchase attempts. Please try again in 15 minutes.' });
      expect(third.headers['retry-after']).toBe('900');
    } finally {
      await limited.close();
    }
  });

  it('expires an unconfirmed purchase after 10 minutes', async () => {
    await t.app.jobs.schedulePeriodic();
    const id = (await buy(ana, monthly.id)).body.data.id;
    t.clock.advanceMinutes(10);
    expect((await get(ana, id)).body.data).toMatchObject({ status: 'expired', expires_in_seconds: 0, payment_options: [] });
    const late = await confirm(ana, id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'purchase_expired', message: 'Your purchase has timed out. Please go back and try again.' });
    // Housekeeping marks it expired; a new purchase of the plan is a new hold.
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
    expect(must(row, 'row').status).toBe('expired');
    const next = await buy(ana, monthly.id);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(id);
  });

  it('confirms a purchase held before its plan was deleted (D7: deleting stops new sales only); requiring payment needs card payments on the installation', async () => {
    const id = (await buy(ana, monthly.id)).body.data.id;
    const other = (await buy(ana, pack.id)).body.data.id;
    expect((await studio.request('DELETE', `/api/plans/${pack.id}`)).status).toBe(204);
    const held = await confirm(ana, other);
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({ status: 'active', price: 60 });
    // A new purchase of it is refused.
    expect((await buy(await signedInClient('Ben'), pack.id)).body.code).toBe('plan_unavailable');

    // Requiring payment needs card payments on the installation: without Stripe keys (here) the
    // client can still pay in person (memberships-card.test.ts has the refusal with keys).
    await t.db.update(users).set({ stripeConnected: true, requirePayment: true }).where(eq(users.id, provider.id));
    expect((await get(ana, id)).body.data).toMatchObject({ payment_options: ['in_person'], provider: { require_payment: true } });
    expect((await confirm(ana, id)).status).toBe(200);
  });

  it('shows a membership only to its buyer and its provider; only the buyer confirms or cancels', async () => {
    const held = (await buy(ana, monthly.id)).body.data.id;
    const ben = await signedInClient('Ben');
    const rival = await signIn(t, await buildProvider(t, { name: 'Rival' }));
    for (const stranger of [ben, rival]) {
      expect((await get(stranger, held)).status).toBe(404);
      expect((await confirm(stranger, held)).status).toBe(404);
    }
    expect((await confirm(studio, held)).status).toBe(404);
    expect((await get(studio, held)).body.data).toMatchObject({ is_mine: false, payment_options: [] });
    await confirm(ana, held);
    for (const stranger of [ben, rival, studio]) expect((await cancel(stranger, held)).status).toBe(404);
    expect((await markPaid(rival, held)).status).toBe(404);
    expect((await markPaid(ben, held)).status).toBe(403);
    expect((await markPaid(ana, held)).status).toBe(403);
    // Unknown and malformed ids are not found either.
    expect((await get(ana, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get(ana, 'nope')).status).toBe(404);
  });
});

describe('cancelling and paying', () => {
  beforeEach(async () => setUp(await createTestApp()));

  it('cancels a monthly membership: it stops renewing and gives access until the renewal day', async () => {
    const id = await bought(ana, monthly.id);
    const before = t.outbox.list().length;
    const res = await cancel(ana, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'active',
      cancelled_at: '2026-11-23T09:00:00Z',
      renewal_day: null,
      expiration_day: '2026-12-23',
      available_count: 8,
      can_be_cancelled: false,
    });
    expect(
      mailSince(before)
        .map((m) => [m.to, m.subject])
        .sort(),
    ).toEqual([
      ['ana@example.com', 'Membership cancelled: Unlimited Flow'],
      ['studio@example.com', 'Membership cancelled: Ana — Unlimited Flow'],
    ]);
    expect((await cancel(ana, id)).status).toBe(409);

    // 23 December starts at midnight in Madrid (23:00 UTC the day before).
    t.clock.advanceMinutes(29 * 24 * 60 + 13 * 60 + 59);
    expect((await get(ana, id)).body.data).toMatchObject({ status: 'active', available_count: 8 });
    t.clock.advanceMinutes(1);
    expect((await get(ana, id)).body.data).toMatchObject({
      status: 'cancelled',
      available_count: 0,
      expiration_day: '2026-12-23',
      can_be_cancelled: false,
      missing_payment: false,
    });
  });

  it('a single payment is valid for its months and cannot be cancelled', async () => {
    const id = await bought(ana, pack.id);
    const res = await get(ana, id);
    expect(res.body.data).toMatchObject({
      interval: '',
      expires_in: 3,
      renewal_day: null,
      expiration_day: '2027-02-23',
      quantity_count: 5,
      available_count: 5,
      can_be_cancelled: false,
    });
    const refused = await cancel(ana, id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
    expect(must(row, 'row').renews).toBe(false);
  });

  it('the provider records in-person payments, one per period, and they count in the plan’s total sales', async () => {
    const id = await bought(ana, monthly.id);
    const paid = await markPaid(studio, id);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      paid_at: '2026-11-23T09:00:00Z',
      missing_payment: false,
      payments: [{ id: expect.any(String), datetime: '2026-11-23T09:00:00Z', amount: 79, method: 'in_person', refunded: 0 }],
    });
    const twice = await markPaid(studio, id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('conflict');
    const plansList = (await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data;
    expect(
      must(
        plansList.find((p) => p.id === monthly.id),
        'plansList.find((p) => p.id === monthly.id)',
      ).total_sales,
    ).toMatchObject({ memberships: 1, amount: 79 });

    // The next period is unpaid until the provider records it; paid_at keeps the first payment.
    t.clock.advanceMinutes(31 * 24 * 60);
    // Sessions last 30 days.
    [ana, studio] = [await signIn(t, anaRow), await signIn(t, provider)];
    expect((await get(ana, id)).body.data).toMatchObject({ missing_payment: true, renewal_day: '2027-01-23' });
    expect((await markPaid(studio, id)).body.data).toMatchObject({ paid_at: '2026-11-23T09:00:00Z', missing_payment: false });
    const rows = await t.db.select().from(payments).where(eq(payments.membershipId, id));
    expect(rows.map((p) => [p.periodStart?.toISOString(), p.payerId, p.providerId, p.amountCents, p.status])).toEqual([
      ['2026-11-23T09:00:00.000Z', anaRow.id, provider.id, 7900, 'succeeded'],
      ['2026-12-22T23:00:00.000Z', anaRow.id, provider.id, 7900, 'succeeded'],
    ]);
    expect(
      must(
        (await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data.find((p) => p.id === monthly.id),
        "(await studio.get<{ data: ProviderPlan[] }>('/api/plans')).body.data.find((p) => p.id === monthly.id)",
      ).total_sales,
    ).toMatchObject({
      memberships: 1,
      amount: 158,
    });
  });

  it('refuses to mark paid a purchase not confirmed or a membership that has ended', async () => {
    const held = (await buy(ana, monthly.id)).body.data.id;
    expect((await markPaid(studio, held)).status).toBe(409);
    const ended = await buildMembership(t, anaRow, pack, { confirmedAt: new Date('2026-01-01T10:00:00Z') });
    expect((await get(ana, ended.id)).body.data).toMatchObject({ status: 'expired', expiration_day: '2026-04-01' });
    expect((await markPaid(studio, ended.id)).status).toBe(409);
  });
});

describe('listing memberships', () => {
  beforeEach(async () => setUp(await createTestApp()));

  it('lists the client’s own confirmed memberships, newest first, with services on request', async () => {
    const first = await bought(ana, pack.id);
    t.clock.advanceMinutes(60);
    const second = await bought(ana, monthly.id);
    await buy(ana, (await buildPlan(t, provider, { name: 'Held', groups: [{ quantity: 1, services: [yoga] }] })).id);
    t.clock.advanceMinutes(60);
    const other = await buildProvider(t, { name: 'Elsewhere' });
    const elsewhere = await buildMembership(
      t,
      anaRow,
      await buildPlan(t, other, { name: 'Far', groups: [{ quantity: 1, services: [await buildService(t, other)] }] }),
    );

    const list = (await ana.get<Many>('/api/memberships')).body.data;
    expect(list.map((m) => m.id)).toEqual([elsewhere.id, second, first]);
    expect(list.every((m) => m.services.length === 0)).toBe(true);
    const full = (await ana.get<Many>('/api/memberships?include=services')).body.data;
    expect(
      must(
        must(
          full.find((m) => m.id === second),
          'full.find((m) => m.id === second)',
        ).services[0],
        "must(full.find((m) => m.id === second), 'full.find((m) => m.id === second)').services[0]",
      ).services.map((s) => s.name),
    ).toEqual(['Yoga', 'Pilates']);

    // A provider sees a client's memberships bought from them only.
    const forStudio = (await studio.get<Many>(`/api/memberships?client_id=${anaRow.id}&include=services`)).body.data;
    expect(forStudio.map((m) => m.id)).toEqual([second, first]);
    expect(forStudio[0]).toMatchObject({ is_mine: false, client: { email: 'ana@example.com' } });
    // Someone who is not their client: nothing. A client asking for a client_id: 403.
    const ben = await buildUser(t, { name: 'Ben' });
    expect((await studio.get<Many>(`/api/memberships?client_id=${ben.id}`)).body.data).toEqual([]);
    expect((await signIn(t, other).then((a) => a.get<Many>(`/api/memberships?client_id=${anaRow.id}`))).body.data.map((m) => m.id)).toEqual(
      [elsewhere.id],
    );
    expect((await ana.get(`/api/memberships?client_id=${ben.id}`)).status).toBe(403);
    expect((await ana.get('/api/memberships?client_id=nope')).status).toBe(422);
    expect((await ana.get('/api/memberships?include=all')).status).toBe(422);
    expect((await t.agent().get('/api/memberships')).status).toBe(401);
  });
});

describe('credits across periods and time zones', () => {
  it('a monthly membership bought on 31 January renews on the last day of February, counting the current period’s bookings', async () => {
    // 31 January 2027, 11:00 in Madrid; the client reads from New York, the studio's calendar counts.
    await setUp(await createTestApp({ now: new Date('2027-01-31T10:00:00Z') }), 'America/New_York');
    const id = await bought(ana, monthly.id);
    const [group] = (await get(ana, id)).body.data.services;
    const credit = { membershipId: id, membershipGroupId: must(group, 'group').id, paymentMethod: 'membership' as const };
    await buildAppointment(t, { client: anaRow, service: yoga, startsAt: '2027-02-10T17:00:00Z' }, credit);
    await buildAppointment(t, { client: anaRow, service: pilates, startsAt: '2027-02-27T22:00:00Z' }, credit); // 23:00 on the 27th in Madrid
    await buildAppointment(t, { client: anaRow, service: yoga, startsAt: '2027-02-27T23:00:00Z' }, credit); // midnight of the 28th: next period
    expect((await get(ana, id)).body.data).toMatchObject({
      renewal_day: '2027-02-28',
      quantity_count: 8,
      used_count: 2,
      available_count: 6,
      services: [{ used: 2, available: 6 }],
    });

    t.clock.advanceMinutes(28 * 24 * 60 - 11 * 60); // 28 February 00:00 in Madrid
    expect((await get(ana, id)).body.data).toMatchObject({
      status: 'active',
      renewal_day: '2027-03-31',
      used_count: 1,
      available_count: 7,
    });
  });

  it('the studio’s midnight decides the day: bought at 00:30 on 1 February in Madrid (still 31 January in UTC)', async () => {
    await setUp(await createTestApp({ now: new Date('2027-01-31T23:30:00Z') }));
    const id = await bought(ana, monthly.id);
    expect((await get(ana, id)).body.data.renewal_day).toBe('2027-03-01');
    const single = await bought(ana, pack.id);
    expect((await get(ana, single)).body.data).toMatchObject({ expiration_day: '2027-05-01', renewal_day: null });
  });
});

describe('My passes → Services', () => {
  beforeEach(async () => setUp(await createTestApp()));

  it('lists services covered by active memberships with their credits, and services paid for without one', async () => {
    const id = await bought(ana, monthly.id);
    await bought(ana, pack.id);
    const [group] = (await get(ana, id)).body.data.services;
    await buildAppointment(
      t,
      { client: anaRow, service: yoga, startsAt: '2026-11-25T17:00:00Z' },
      { membershipId: id, membershipGroupId: must(group, 'group').id, paymentMethod: 'membership' },
    );
    const massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, location: 'Room 2' });
    const booking = await buildAppointment(
      t,
      { client: anaRow, service: massage, startsAt: '2026-11-26T10:00:00Z' },
      { paidAt: t.clock.now() },
    );
    await t.db.insert(payments).values({
      payerId: anaRow.id,
      providerId: provider.id,
      appointmentId: booking.id,
      amountCents: 4000,
      method: 'in_person',
      status: 'succeeded',
      createdAt: t.clock.now(),
    });
    // Someone else's bookings and memberships are not Ana's passes.
    const ben = await buildUser(t, { name: 'Ben' });
    await buildAppointment(t, {
      client: ben,
      service: await buildService(t, provider, { name: 'Reiki' }),
      startsAt: '2026-11-26T12:00:00Z',
    });

    const res = await ana.get<{ data: PurchasedService[] }>('/api/purchases/services');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => p.service.name)).toEqual(['Massage', 'Pilates', 'Yoga']);
    const [m, p, y] = res.body.data;
    expect(m).toMatchObject({
      service: { id: massage.id, location: 'Room 2', price: 40, type: 'appointment' },
      provider: { id: provider.id, name: 'Studio', username: 'studio' },
      available_count: 0,
      availability: [],
      memberships: [],
      shares_credits: false,
      payments: [{ amount: 40, method: 'in_person', refunded: 0 }],
    });
    // Monthly renews on 23 December (30 days); the pack lasts until 23 February (92 days).
    // Unlimited Flow's eight credits serve Yoga and Pilates alike: neither count is the service's own.
    expect(p).toMatchObject({ available_count: 7, availability: [{ expires_in_days: 30, count: 7 }], payments: [], shares_credits: true });
    expect(must(p, 'p').memberships).toEqual([{ id, name: 'Unlimited Flow' }]);
    expect(y).toMatchObject({
      service: { location: 'Room 1' },
      available_count: 12,
      availability: [
        { expires_in_days: 30, count: 7 },
        { expires_in_days: 92, count: 5 },
      ],
    });
    expect(
      must(y, 'y')
        .memberships.map((x) => x.name)
        .sort(),
    ).toEqual(['5-Session Pack', 'Unlimited Flow']);
    expect((await studio.get<{ data: PurchasedService[] }>('/api/purchases/services')).body.data).toEqual([]);
    expect((await t.agent().get('/api/purchases/services')).status).toBe(401);
  });
});
