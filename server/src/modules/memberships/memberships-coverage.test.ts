/**
 * A credit pays only for a session the membership covers (D15,
 * docs/product-rules.md#memberships-and-credits): when a membership stops renewing, its bookings
 * after the last covered day lose their credit in the same transaction and the client is told.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, Membership } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  buildAppointment,
  buildMembership,
  buildPlan,
  buildProvider,
  buildService,
  buildUser,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, membershipGroups, type services, type users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 in Madrid, the studio's zone).
type One<T> = { data: T; code?: string; message?: string };
let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let anaRow: typeof users.$inferSelect;
let ana: Agent;
let massage: typeof services.$inferSelect;

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  anaRow = await buildUser(t, { email: 'ana@example.com', name: 'Ana', timezone: 'America/New_York' });
  ana = await signIn(t, anaRow);
});
afterEach(async () => {
  await t.close();
});

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse('2026-11-23T10:00:00Z') + days * DAY).toISOString();
const hold = (startsAt: string) => buildAppointment(t, { client: anaRow, service: massage, startsAt, status: 'held' }).then((a) => a.id);
const deduct = (id: string, membershipId: string) =>
  ana.post<One<Appointment>>(`/api/appointments/${id}/deduct-membership`, { membership_id: membershipId });
const booking = async (a: Agent, id: string) => (await a.get<One<Appointment>>(`/api/appointments/${id}`)).body.data;

/** Ana's monthly membership (2 massages a month, bought now) paying for sessions at +1, +2, +32, +33, +62 and +63 days. */
async function bookAhead() {
  const plan = await buildPlan(t, provider, { name: 'Massage pass', priceCents: 3000, groups: [{ quantity: 2, services: [massage] }] });
  const pass = await buildMembership(t, anaRow, plan);
  const ids: string[] = [];
  for (const d of [1, 2, 32, 33, 62, 63]) {
    const id = await hold(at(d));
    const res = await deduct(id, pass.id);
    expect(res.status).toBe(200);
    ids.push(id);
  }
  return { pass, ids };
}

describe('cancelling a membership', () => {
  it('takes the credit back from bookings after its last covered day, which become unpaid, and e-mails the client the list', async () => {
    const { pass, ids } = await bookAhead();
    // A booking cancelled too late keeps its credit used; it is left as it is.
    const [group] = await t.db.select().from(membershipGroups).where(eq(membershipGroups.membershipId, pass.id));
    const late = await buildAppointment(
      t,
      { client: anaRow, service: massage, startsAt: at(40), status: 'cancelled' },
      { membershipId: pass.id, membershipGroupId: must(group, 'group').id, paymentMethod: 'membership' },
    );
    const before = t.outbox.list().length;

    const res = await ana.post<One<Membership>>(`/api/memberships/${pass.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ renewal_day: null, expiration_day: '2026-12-23' });

    for (const id of ids.slice(0, 2)) {
      expect(await booking(ana, id)).toMatchObject({ status: 'confirmed', payment_method: 'membership', missing_payment: false });
    }
    for (const id of ids.slice(2)) {
      expect(await booking(ana, id)).toMatchObject({ status: 'confirmed', missing_payment: true, membership: null });
      // The provider sees it unpaid, to be paid in person.
      expect(await booking(studio, id)).toMatchObject({ missing_payment: true, payment_method: null });
    }
    const [lateRow] = await t.db.select().from(appointments).where(eq(appointments.id, late.id));
    expect(lateRow).toMatchObject({ status: 'cancelled', membershipId: pass.id });

    const mail = t.outbox.list().slice(0, t.outbox.list().length - before);
    const lost = mail.find((m) => m.to === 'ana@example.com' && m.subject === 'Bookings to pay: Massage pass');
    expect(lost).toBeDefined();
    for (const id of ids.slice(2)) expect(must(lost, 'lost').text).toContain(`/appointments/${id}`);
    for (const id of ids.slice(0, 2)) expect(must(lost, 'lost').text).not.toContain(id);
    // Dates in Ana's zone: 25 December 10:00 UTC is 05:00 in New York.
    expect(must(lost, 'lost').text).toContain('Massage, Friday, 25 December 2026, 05:00–06:00 (America/New_York)');

    // The provider can now take the money in person for those months.
    expect((await studio.post<One<Appointment>>(`/api/appointments/${ids[2]}/mark-paid`)).status).toBe(200);
    // And the cancelled membership cannot pay for a session after its last day.
    const after = await hold(at(35));
    expect((await deduct(after, pass.id)).body).toMatchObject({ code: 'membership_unusable' });
  });

  it('can pay for a booking that lost its credit with another membership', async () => {
    const { pass, ids } = await bookAhead();
    const other = await buildMembership(
      t,
      anaRow,
      await buildPlan(t, provider, { name: 'Other pass', priceCents: 3000, groups: [{ quantity: 4, services: [massage] }] }),
    );
    expect((await ana.post(`/api/memberships/${pass.id}/cancel`)).status).toBe(200);
    const withOptions = (await ana.get<One<Appointment>>(`/api/appointments/${ids[2]}?include=memberships`)).body.data;
    expect(withOptions.payment_options).toContain('membership');
    expect(withOptions.service.memberships.map((m) => m.id)).toEqual([other.id]);
    const paid = await deduct(must(ids[2], 'ids[2]'), other.id);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'confirmed', payment_method: 'membership', missing_payment: false });
    expect((await deduct(must(ids[3], 'ids[3]'), pass.id)).body).toMatchObject({ code: 'membership_unusable' });
  });
});
