/**
 * The roster and check-in (docs/product-rules.md#roster-and-check-in): the provider marks each
 * confirmed booking attended or no-show from an hour before the start until seven days after it;
 * the schedule card, the client list and insights show it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, Client, Insights, ScheduleDay } from '@slotted/contract';
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
import type { services, users } from '../../db/schema.ts';

// The clock starts Monday 2026-11-23 09:00 UTC; the class is at 12:00, three hours later.
const CLASS_AT = '2026-11-23T12:00:00Z';

type One = { data: Appointment; code?: string; message?: string };

let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let yoga: typeof services.$inferSelect;

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 5 });
});

afterEach(() => t.close());

const mark = (agent: Agent, id: string, status: 'attended' | 'no_show' | null) =>
  agent.post<One>(`/api/appointments/${id}/attendance`, { status });

async function bookedClass(name: string) {
  const slot = await buildOccurrence(t, yoga, CLASS_AT);
  const client = await buildUser(t, { email: `${name.toLowerCase()}@example.com`, name });
  const booking = await buildAppointment(t, { client, service: yoga, slot });
  return { slot, client, booking };
}

describe('check-in', () => {
  it('opens an hour before the start, can be undone, and closes seven days after the start', async () => {
    const { booking } = await bookedClass('Ana');

    const early = await mark(studio, booking.id, 'attended');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Check-in opens one hour before the start.');

    t.clock.advanceMinutes(2 * 60); // 11:00, an hour before
    const came = await mark(studio, booking.id, 'attended');
    expect(came.status).toBe(200);
    expect(came.body.data.attendance).toBe('attended');

    expect((await mark(studio, booking.id, 'no_show')).body.data.attendance).toBe('no_show');
    expect((await mark(studio, booking.id, null)).body.data.attendance).toBeNull();

    t.clock.advanceMinutes(60 + 7 * 24 * 60 + 1); // a minute past seven days after the start
    const late = await mark(studio, booking.id, 'attended');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Check-in closed seven days after the session.');
  });

  it('a no-show keeps the credit used and the payment', async () => {
    const plan = await buildPlan(t, provider, { name: 'Monthly', priceCents: 5000, groups: [{ quantity: 4, services: [yoga] }] });
    const client = await buildUser(t, { email: 'ben@example.com', name: 'Ben' });
    const membership = await buildMembership(t, client, plan);
    const slot = await buildOccurrence(t, yoga, CLASS_AT);
    const booking = await buildAppointment(
      t,
      { client, service: yoga, slot },
      { paymentMethod: 'membership', membershipId: membership.id },
    );
    t.clock.advanceMinutes(3 * 60 + 5);

    const res = await mark(studio, booking.id, 'no_show');
    expect(res.body.data).toMatchObject({ attendance: 'no_show', status: 'confirmed', payment_method: 'membership' });
    expect(res.body.data.membership).toMatchObject({ id: membership.id });
  });

  it('refuses bookings that are not confirmed, other providers’ bookings and clients', async () => {
    const { client, booking } = await bookedClass('Ana');
    const ana = await signIn(t, client);
    await ana.post(`/api/appointments/${booking.id}/cancel`);
    t.clock.advanceMinutes(3 * 60);

    const cancelled = await mark(studio, booking.id, 'attended');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('Only a confirmed booking can be checked in.');

    const other = await signIn(t, await buildProvider(t, { email: 'other@example.com', username: 'other', name: 'Other' }));
    expect((await mark(other, booking.id, 'attended')).status).toBe(404);
    expect((await mark(ana, booking.id, 'attended')).status).toBe(403);
    expect((await studio.post(`/api/appointments/${booking.id}/attendance`, { status: 'late' })).status).toBe(422);
  });
});

describe('the roster', () => {
  it('each booking on the schedule card says its price, how it is paid, whether it is paid and the check-in', async () => {
    const { slot, booking } = await bookedClass('Ana');
    const paidClient = await buildUser(t, { email: 'cy@example.com', name: 'Cy' });
    await buildAppointment(t, { client: paidClient, service: yoga, slot }, { paidAt: t.clock.now() });
    t.clock.advanceMinutes(2 * 60 + 30);
    await mark(studio, booking.id, 'attended');

    const days = (await studio.get<{ data: ScheduleDay[] }>('/api/schedule')).body.data;
    const card = days.flatMap((d) => d.slots).find((s) => s.id === String(slot.id));
    expect(card?.appointments).toEqual([
      expect.objectContaining({
        client: expect.objectContaining({ name: 'Ana' }),
        price: 12,
        payment_method: 'in_person',
        paid: false,
        membership: null,
        attendance: 'attended',
      }),
      expect.objectContaining({
        client: expect.objectContaining({ name: 'Cy' }),
        price: 12,
        payment_method: 'in_person',
        paid: true,
        attendance: null,
      }),
    ]);
  });

  it('the client list counts attended sessions and no-shows, and insights chart them per week', async () => {
    const { client, booking } = await bookedClass('Ana');
    const second = await buildAppointment(t, { client, service: yoga, slot: await buildOccurrence(t, yoga, '2026-11-23T18:00:00Z') });
    await buildAppointment(t, { client, service: yoga, slot: await buildOccurrence(t, yoga, '2026-11-23T20:00:00Z') });
    t.clock.advanceMinutes(12 * 60); // 21:00: all three have started
    await mark(studio, booking.id, 'attended');
    await mark(studio, second.id, 'no_show');

    const clients = (await studio.get<{ data: Client[] }>('/api/clients')).body.data;
    expect(clients).toEqual([expect.objectContaining({ name: 'Ana', attended: 1, no_shows: 1 })]);

    const insights = (await studio.get<{ data: Insights }>('/api/insights')).body.data;
    expect(insights.attendance).toHaveLength(8);
    expect(insights.attendance.at(-1)).toEqual({ week: '2026-11-23', attended: 1, no_show: 1, not_marked: 1 });
    expect(insights.attendance.at(0)).toEqual({ week: '2026-10-05', attended: 0, no_show: 0, not_marked: 0 });
  });
});
