/**
 * Paying a booking with a membership credit, giving the credit back, marking an in-person payment
 * received, and the days until a session (docs/product-rules.md#memberships-and-credits,
 * docs/product-rules.md#cancellation-and-refunds).
 */
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  buildAppointment,
  buildMembership,
  buildOccurrence,
  buildPlan,
  buildProvider,
  buildService,
  buildUser,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, membershipGroups, payments, users, type memberships, type services } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 Madrid). Hours Mon–Fri 08:00–17:00; notice 1 h; 30 days; refunds up to 24 h before.
type UserRow = typeof users.$inferSelect;
type ServiceRow = typeof services.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;
type One = { data: Appointment; code?: string; message?: string; errors?: Record<string, string[]> };

const TUE_11 = '2026-11-24T10:00:00Z'; // Tuesday 11:00 in Madrid, 25 hours ahead
const WED_11 = '2026-11-25T10:00:00Z';
const THU_11 = '2026-11-26T10:00:00Z';

let t: TestApp;
let provider: UserRow;
let studio: Agent;
let anaRow: UserRow;
let ana: Agent;
let massage: ServiceRow;
let yoga: ServiceRow;

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 5 });
  anaRow = await buildUser(t, { email: 'ana@example.com', name: 'Ana' });
  ana = await signIn(t, anaRow);
});
afterEach(async () => {
  await t.close();
});

const get = (a: Agent, id: string, query = '') => a.get<One>(`/api/appointments/${id}${query}`);
const options = async (a: Agent, id: string) => (await get(a, id, '?include=memberships')).body.data;
const deduct = (a: Agent, id: string, membershipId: string) =>
  a.post<One>(`/api/appointments/${id}/deduct-membership`, { membership_id: membershipId });
const cancel = (a: Agent, id: string) => a.post<One>(`/api/appointments/${id}/cancel`);
const markPaid = (a: Agent, id: string) => a.post<One>(`/api/appointments/${id}/mark-paid`);
const hold = (startsAt: string, client = anaRow, service = massage) =>
  buildAppointment(t, { client, service, startsAt, status: 'held' }).then((a) => a.id);
/** A monthly membership of Ana's granting `quantity` massages a month. */
async function massagePass(quantity = 2, overrides: Parameters<typeof buildMembership>[3] = {}): Promise<MembershipRow> {
  const plan = await buildPlan(t, provider, { name: 'Massage pass', priceCents: 8000, groups: [{ quantity, services: [massage] }] });
  return buildMembership(t, anaRow, plan, overrides);
}
const row = async (id: string) =>
  must(
    (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0],
    '(await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]',
  );

describe('GET /api/appointments/{id}?include=memberships', () => {
  it('lists the client’s confirmed memberships with this provider that can pay, with the session period’s credits', async () => {
    const pass = await massagePass(2);
    // Not listed: a purchase not confirmed, a plan without massages, another provider's membership, someone else's.
    const other = await buildProvider(t);
    const otherMassage = await buildService(t, other);
    await buildMembership(t, anaRow, await buildPlan(t, provider, { groups: [{ quantity: 2, services: [massage] }] }), {
      confirmedAt: null,
    });
    await buildMembership(t, anaRow, await buildPlan(t, provider, { groups: [{ quantity: 5, services: [yoga] }] }));
    await buildMembership(t, anaRow, await buildPlan(t, other, { groups: [{ quantity: 5, services: [otherMassage] }] }));
    await buildMembership(t, await buildUser(t), await buildPlan(t, provider, { groups: [{ quantity: 5, services: [massage] }] }));
    const id = await hold(TUE_11);

    const plain = (await get(ana, id)).body.data;
    expect(plain).toMatchObject({ payment_options: ['in_person'], service: { memberships: [] }, membership: null });
    expect(await options(ana, id)).toMatchObject({
      missing_payment: true,
      payment_options: ['in_person', 'membership'],
      membership: null,
      service: {
        id: massage.id,
        memberships: [
          {
            id: pass.id,
            name: 'Massage pass',
            price: 80,
            cover: null,
            interval: 'month',
            quantity_count: 2,
            used_count: 0,
            available_count: 2,
            renewal_day: '2026-12-23',
            expiration_day: null,
          },
        ],
      },
    });
    // The provider sees the booking, not the client's memberships.
    expect(await options(studio, id)).toMatchObject({ payment_options: [], service: { memberships: [] } });
    expect((await get(ana, id, '?include=everything')).body).toMatchObject({
      code: 'validation_failed',
      errors: { include: [expect.any(String)] },
    });
    expect((await get(ana, 'not-a-uuid', '?include=memberships')).status).toBe(404);
  });

  it('counts the credits of the period the session falls in, not of today', async () => {
    // Bought on 10 November: November's credit is used by Tuesday's session, December's is whole.
    const pass = await massagePass(1, { confirmedAt: new Date('2026-11-10T09:00:00Z') });
    await buildAppointment(
      t,
      { client: anaRow, service: massage, startsAt: TUE_11 },
      { paymentMethod: 'membership', membershipId: pass.id, membershipGroupId: await firstGroup(pass) },
    );
    const thisMonth = await hold(WED_11);
    expect(await options(ana, thisMonth)).toMatchObject({ payment_options: ['in_person'], service: { memberships: [] } });
    const nextMonth = await hold('2026-12-15T10:00:00Z');
    expect((await options(ana, nextMonth)).service.memberships).toMatchObject([
      { id: pass.id, used_count: 0, available_count: 1, renewal_day: '2027-01-10' },
    ]);
  });

  it('a single payment cannot pay for a session after it expires', async () => {
    const plan = await buildPlan(t, provider, { expiresInMonths: 1, groups: [{ quantity: 5, services: [massage] }] });
    const pack = await buildMembership(t, anaRow, plan, { confirmedAt: new Date('2026-11-01T09:00:00Z') });
    expect((await options(ana, await hold(TUE_11))).service.memberships).toMatchObject([
      { id: pack.id, interval: '', expiration_day: '2026-12-01', renewal_day: null, available_count: 5 },
    ]);
    const late = await hold('2026-12-02T10:00:00Z');
    expect((await options(ana, late)).service.memberships).toEqual([]);
    expect((await deduct(ana, late, pack.id)).body.code).toBe('membership_unusable');
  });
});

async function firstGroup(m: MembershipRow, position = 0): Promise<number> {
  const groups = await t.db
    .select()
    .from(membershipGroups)
    .where(eq(membershipGroups.membershipId, m.id))
    .orderBy(asc(membershipGroups.position));
  return must(groups[position], 'groups[position]').id;
}

describe('POST /api/appointments/{id}/deduct-membership', () => {
  it('confirms the hold with one credit, from the narrowest group, and e-mails both sides', async () => {
    // Groups: {yoga, massage} ×1 first, {massage} ×1 second: a massage uses the massage-only credit.
    const plan = await buildPlan(t, provider, {
      name: 'Studio pass',
      groups: [
        { quantity: 1, services: [yoga, massage] },
        { quantity: 1, services: [massage] },
      ],
    });
    const pass = await buildMembership(t, anaRow, plan);
    const id = (await ana.post<{ data: { id: string } }>('/api/appointments', { service_id: massage.id, starts_at: TUE_11 })).body.data.id;
    const before = t.outbox.list().length;

    const res = await deduct(ana, id, pass.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'confirmed',
      payment_method: 'membership',
      paid_at: null,
      missing_payment: false,
      payment_options: [],
      membership: { id: pass.id, name: 'Studio pass' },
    });
    expect(await row(id)).toMatchObject({ membershipId: pass.id, membershipGroupId: await firstGroup(pass, 1) });
    const mails = t.outbox.list().slice(0, t.outbox.list().length - before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@example.com', 'studio@example.com']);
    // Repeating the call changes nothing and sends nothing.
    expect((await deduct(ana, id, pass.id)).body.data).toMatchObject({ status: 'confirmed', membership: { id: pass.id } });
    expect(t.outbox.list().length - before).toBe(2);
    // The provider sees it included in the membership.
    expect((await get(studio, id)).body.data).toMatchObject({
      payment_method: 'membership',
      missing_payment: false,
      membership: { id: pass.id },
    });

    // One credit left: the flexible one.
    const next = await hold(WED_11);
    expect((await options(ana, next)).service.memberships).toMatchObject([{ used_count: 1, available_count: 1 }]);
    expect((await deduct(ana, next, pass.id)).status).toBe(200);
    expect(await row(next)).toMatchObject({ membershipGroupId: await firstGroup(pass, 0) });
    const third = await hold(THU_11);
    expect(await options(ana, third)).toMatchObject({ payment_options: ['in_person'], service: { memberships: [] } });
    expect((await deduct(ana, third, pass.id)).body).toMatchObject({ code: 'membership_unusable' });
    expect(await row(third)).toMatchObject({ status: 'held', membershipId: null });
  });

  it('a class place is paid the same way', async () => {
    const plan = await buildPlan(t, provider, { groups: [{ quantity: 4, services: [yoga] }] });
    const pass = await buildMembership(t, anaRow, plan);
    const slot = await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z');
    const id = (await buildAppointment(t, { client: anaRow, service: yoga, slot, status: 'held' })).id;
    expect((await deduct(ana, id, pass.id)).body.data).toMatchObject({ status: 'confirmed', slot: slot.id, membership: { id: pass.id } });
  });

  it('refuses other people’s bookings and memberships, expired holds and bookings already paid', async () => {
    const pass = await massagePass(5);
    const beaRow = await buildUser(t, { email: 'bea@example.com', name: 'Bea' });
    const bea = await signIn(t, beaRow);
    const beasPass = await buildMembership(t, beaRow, await buildPlan(t, provider, { groups: [{ quantity: 5, services: [massage] }] }));
    const id = await hold(TUE_11);

    expect((await t.agent().post(`/api/appointments/${id}/deduct-membership`, { membership_id: pass.id })).status).toBe(401);
    expect((await deduct(bea, id, beasPass.id)).status).toBe(404);
    expect((await deduct(studio, id, pass.id)).status).toBe(404);
    expect((await deduct(ana, '00000000-0000-4000-8000-000000000000', pass.id)).status).toBe(404);
    const invalid = await ana.post<One>(`/api/appointments/${id}/deduct-membership`, { membership_id: 'nope' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ membership_id: ['Choose a membership.'] });
    // Someone else's membership, or an unknown one, cannot pay.
    expect((await deduct(ana, id, beasPass.id)).body).toMatchObject({ code: 'membership_unusable' });
    const unknown = await deduct(ana, id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(409);
    expect(unknown.body.code).toBe('membership_unusable');

    // A booking confirmed in person is not paid again with a credit.
    const inPerson = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: WED_11 })).id;
    expect((await deduct(ana, inPerson, pass.id)).body.code).toBe('conflict');

    t.clock.advanceMinutes(11);
    const expired = await deduct(ana, id, pass.id);
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe('hold_expired');
    expect(await row(id)).toMatchObject({ membershipId: null });
  });

  it('re-books the client’s own cancelled booking with a credit, checking its time again', async () => {
    const pass = await massagePass(2);
    const cancelled = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: TUE_11, status: 'cancelled' })).id;
    expect(await options(ana, cancelled)).toMatchObject({
      status: 'cancelled',
      payment_options: ['in_person', 'membership'],
      service: { memberships: [{ id: pass.id }] },
    });
    expect((await deduct(ana, cancelled, pass.id)).body.data).toMatchObject({
      status: 'confirmed',
      payment_method: 'membership',
      membership: { id: pass.id },
    });

    // Someone else has taken the time of another cancelled booking meanwhile.
    const taken = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: WED_11, status: 'cancelled' })).id;
    await buildAppointment(t, { client: await buildUser(t), service: massage, startsAt: WED_11 });
    expect((await deduct(ana, taken, pass.id)).body.code).toBe('slot_taken');
    expect(await row(taken)).toMatchObject({ status: 'cancelled', membershipId: null });
  });
});

describe('giving a credit back', () => {
  async function bookedWithCredit(pass: MembershipRow, startsAt: string) {
    const id = await hold(startsAt);
    expect((await deduct(ana, id, pass.id)).status).toBe(200);
    return id;
  }
  /** What a new hold (`probe`) of Ana's is offered by the membership. */
  const available = async (pass: MembershipRow, probe: string) =>
    (await options(ana, probe)).service.memberships.find((m) => m.id === pass.id)?.available_count ?? 0;

  it('a client’s cancellation inside the refund window returns it', async () => {
    const pass = await massagePass(1);
    const id = await bookedWithCredit(pass, '2026-11-26T14:00:00Z');
    const probe = await hold(THU_11);
    expect(await available(pass, probe)).toBe(0);
    expect((await cancel(ana, id)).body.data).toMatchObject({ status: 'cancelled', membership: null, missing_payment: true });
    expect(await row(id)).toMatchObject({ membershipId: null, membershipGroupId: null });
    expect(await available(pass, probe)).toBe(1);
  });

  it('a late cancellation keeps it used, and re-booking the same booking needs no new credit', async () => {
    const pass = await massagePass(1);
    const id = await bookedWithCredit(pass, TUE_11);
    t.clock.advanceMinutes(120); // 23 hours before: outside the 24-hour window
    const res = await cancel(ana, id);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      membership: { id: pass.id },
      missing_payment: false,
      payment_options: ['rebook'],
    });
    const probe = await hold(THU_11);
    expect(await available(pass, probe)).toBe(0);
    const rebooked = await ana.post<One>(`/api/appointments/${id}/confirm-without-payment`);
    expect(rebooked.body.data).toMatchObject({ status: 'confirmed', payment_method: 'membership', membership: { id: pass.id } });
    expect(await available(pass, probe)).toBe(0);
  });

  it('the provider’s cancellation of the booking returns it', async () => {
    const pass = await massagePass(1);
    const id = await bookedWithCredit(pass, TUE_11);
    t.clock.advanceMinutes(120);
    expect((await cancel(studio, id)).body.data).toMatchObject({ status: 'cancelled', membership: null });
    expect(await available(pass, await hold(THU_11))).toBe(1);
  });

  it('the provider’s cancellation of a class returns the credits of its bookings', async () => {
    const plan = await buildPlan(t, provider, { groups: [{ quantity: 1, services: [yoga] }] });
    const pass = await buildMembership(t, anaRow, plan);
    const slot = await buildOccurrence(t, yoga, '2026-11-24T17:00:00Z');
    const id = (await buildAppointment(t, { client: anaRow, service: yoga, slot, status: 'held' })).id;
    expect((await deduct(ana, id, pass.id)).status).toBe(200);
    t.clock.advanceMinutes(24 * 60); // past the refund window: only the provider's cancellation gives it back
    expect((await studio.request('DELETE', `/api/slots/${slot.id}?upcoming=0`)).status).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'cancelled', membershipId: null, membershipGroupId: null });
    const later = await buildOccurrence(t, yoga, '2026-11-26T17:00:00Z');
    const next = (await buildAppointment(t, { client: anaRow, service: yoga, slot: later, status: 'held' })).id;
    expect((await options(ana, next)).service.memberships).toMatchObject([{ id: pass.id, available_count: 1 }]);
  });
});

describe('POST /api/appointments/{id}/mark-paid', () => {
  it('the provider records an in-person payment once', async () => {
    const id = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: TUE_11 })).id;
    expect((await markPaid(ana, id)).status).toBe(403);
    const other = await signIn(t, await buildProvider(t));
    expect((await markPaid(other, id)).status).toBe(404);
    expect((await markPaid(studio, 'nope')).status).toBe(404);

    t.clock.advanceMinutes(30);
    const res = await markPaid(studio, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ paid_at: '2026-11-23T09:30:00Z', payment_method: 'in_person', missing_payment: false });
    expect(await t.db.select().from(payments).where(eq(payments.appointmentId, id))).toMatchObject([
      { payerId: anaRow.id, providerId: provider.id, amountCents: 4000, method: 'in_person', status: 'succeeded', membershipId: null },
    ]);
    expect((await markPaid(studio, id)).body.code).toBe('conflict');
    expect(await t.db.select().from(payments).where(eq(payments.appointmentId, id))).toHaveLength(1);
  });

  it('refuses a booking paid by membership or not confirmed', async () => {
    const pass = await massagePass(2);
    const byCredit = await hold(TUE_11);
    await deduct(ana, byCredit, pass.id);
    expect((await markPaid(studio, byCredit)).body.code).toBe('conflict');
    const held = await hold(WED_11);
    expect((await markPaid(studio, held)).body.code).toBe('conflict');
    const cancelled = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: THU_11, status: 'cancelled' })).id;
    expect((await markPaid(studio, cancelled)).body.code).toBe('conflict');
    expect(await t.db.select().from(payments).where(eq(payments.providerId, provider.id))).toEqual([]);
  });
});

describe('expires_in_days', () => {
  it('counts the viewer’s calendar days until the session, then stops once it has taken place', async () => {
    const id = (await buildAppointment(t, { client: anaRow, service: massage, startsAt: TUE_11 })).id;
    // Monday in Madrid: Tuesday is one day away.
    expect((await get(ana, id)).body.data.expires_in_days).toBe(1);
    // In Kiritimati (UTC+14) it is already Monday night and the session is on Wednesday.
    await t.db.update(users).set({ timezone: 'Pacific/Kiritimati' }).where(eq(users.id, provider.id));
    expect((await get(studio, id)).body.data.expires_in_days).toBe(2);
    t.clock.advanceMinutes(16 * 60); // Tuesday 01:00 UTC, 02:00 in Madrid
    expect((await get(ana, id)).body.data.expires_in_days).toBe(0);
    t.clock.advanceMinutes(10 * 60); // Tuesday 11:00 UTC: the session has ended
    expect((await get(ana, id)).body.data.expires_in_days).toBeNull();
  });
});
