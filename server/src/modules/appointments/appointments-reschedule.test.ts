/**
 * Moving a booking (docs/product-rules.md#moving-a-booking): the client while a cancellation would
 * still be refundable, the provider at any time; the new time passes every check of a new booking,
 * the old one is freed, and the booking keeps its id, price and payment. Calendar files keep the
 * UID with a higher SEQUENCE.
 */
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  buildAppointment,
  buildMembership,
  buildOccurrence,
  buildPlan,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, slots, type services, type users } from '../../db/schema.ts';
import type { SentMail } from '../../mail/mailer.ts';

// Monday 2026-11-23 09:00 UTC (10:00 Madrid). Hours Mon–Fri 08:00–17:00 Madrid; notice 1 h;
// refunds (and so moves by the client) up to 24 h before.
const TUE_11 = '2026-11-24T10:00:00Z'; // Tuesday 11:00 in Madrid, 25 hours ahead
const WED_15 = '2026-11-25T14:00:00Z';

type One = { data: Appointment; code?: string; message?: string };

let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let massage: typeof services.$inferSelect;
let yoga: typeof services.$inferSelect;
let ana: typeof users.$inferSelect;
let anaAgent: Agent;

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 1 });
  ana = await buildUser(t, { email: 'ana@example.com', name: 'Ana' });
  anaAgent = await signIn(t, ana);
});

afterEach(() => t.close());

const move = (agent: Agent, id: string, body: object) => agent.post<One>(`/api/appointments/${id}/reschedule`, body);
const rowOf = async (id: string) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const seatsOf = async (slotId: number) => (await t.db.select().from(slots).where(eq(slots.id, slotId)))[0]?.seatsTaken;

/** The calendar event of an e-mail's attachment, read by a real parser. */
function eventOf(mail: SentMail | undefined) {
  const file = String(mail?.attachments?.[0]?.content ?? '');
  const calendar = new ICAL.Component(ICAL.parse(file));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the attachment');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  };
}

describe('moving a 1:1 booking', () => {
  it('moves the client’s booking, keeps its id, price and payment, frees the old time, and updates both calendars in place', async () => {
    const booking = await buildAppointment(
      t,
      { client: ana, service: massage, startsAt: TUE_11 },
      { paidAt: t.clock.now(), paymentMethod: 'card' },
    );
    const before = t.outbox.list().length;

    const res = await move(anaAgent, booking.id, { starts_at: WED_15 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: booking.id, starts_at: WED_15, price: 40, payment_method: 'card', status: 'confirmed' });
    expect(res.body.data.paid_at).not.toBeNull();

    // The old time can be booked by someone else.
    const ben = await signIn(t, await buildUser(t, { email: 'ben@example.com', name: 'Ben' }));
    expect((await ben.post('/api/appointments', { service_id: massage.id, starts_at: TUE_11 })).status).toBe(201);

    const mails = t.outbox.list().slice(0, t.outbox.list().length - before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@example.com', 'studio@example.com']);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^Time changed: /);
      expect(eventOf(mail)).toEqual({ method: 'REQUEST', uid: `${booking.id}@slotted`, sequence: 1, start: '2026-11-25T14:00:00.000Z' });
    }

    // Cancelling afterwards sends a CANCEL for the same event, outranking the move.
    const cancelled = t.outbox.list().length;
    await anaAgent.post(`/api/appointments/${booking.id}/cancel`);
    const notice = t.outbox.list().slice(0, t.outbox.list().length - cancelled)[0];
    expect(eventOf(notice)).toMatchObject({ method: 'CANCEL', uid: `${booking.id}@slotted`, sequence: 2 });
  });

  it('refuses a time another booking has, outside the hours, or inside the notice, and changes nothing', async () => {
    const booking = await buildAppointment(t, { client: ana, service: massage, startsAt: TUE_11 });
    await buildAppointment(t, { client: await buildUser(t, { email: 'cy@example.com', name: 'Cy' }), service: massage, startsAt: WED_15 });

    for (const startsAt of [WED_15, '2026-11-24T20:00:00Z', '2026-11-23T09:30:00Z']) {
      const res = await move(anaAgent, booking.id, { starts_at: startsAt });
      expect(res.status, startsAt).toBe(409);
      expect(res.body.code).toBe('slot_taken');
    }
    expect((await rowOf(booking.id))?.startsAt.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect((await move(anaAgent, booking.id, { starts_at: TUE_11 })).body.message).toBe('This is already the time of the booking.');
    expect((await move(anaAgent, booking.id, {})).status).toBe(422);
  });

  it('lets the client move only before the cancellation notice, and the provider at any time', async () => {
    const booking = await buildAppointment(t, { client: ana, service: massage, startsAt: TUE_11 });
    t.clock.advanceMinutes(2 * 60); // 23 hours ahead: inside the 24-hour notice

    const page = (await anaAgent.get<One>(`/api/appointments/${booking.id}`)).body.data;
    expect(page).toMatchObject({
      can_be_moved: false,
      move_refusal: 'The time can be changed up to 24 hours before the start. Please contact the provider.',
    });
    const refused = await move(anaAgent, booking.id, { starts_at: WED_15 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(page.move_refusal);

    expect((await studio.get<One>(`/api/appointments/${booking.id}`)).body.data.can_be_moved).toBe(true);
    const byProvider = await move(studio, booking.id, { starts_at: WED_15 });
    expect(byProvider.status).toBe(200);
    expect(byProvider.body.data.starts_at).toBe(WED_15);

    const stranger = await signIn(t, await buildUser(t, { email: 'dee@example.com', name: 'Dee' }));
    expect((await move(stranger, booking.id, { starts_at: TUE_11 })).status).toBe(404);
  });
});

describe('moving a class place', () => {
  it('takes a place in the new occurrence and frees the old one; a full occurrence is refused', async () => {
    const wed = await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z');
    const thu = await buildOccurrence(t, yoga, '2026-11-26T17:00:00Z');
    const fri = await buildOccurrence(t, yoga, '2026-11-27T17:00:00Z');
    const booking = await buildAppointment(t, { client: ana, service: yoga, slot: wed });
    await buildAppointment(t, { client: await buildUser(t, { email: 'cy@example.com', name: 'Cy' }), service: yoga, slot: fri });

    const full = await move(anaAgent, booking.id, { slot_id: fri.id });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('slot_taken');

    const res = await move(anaAgent, booking.id, { slot_id: thu.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: booking.id, slot: thu.id, starts_at: '2026-11-26T17:00:00Z' });
    expect([await seatsOf(wed.id), await seatsOf(thu.id), await seatsOf(fri.id)]).toEqual([0, 1, 1]);

    const other = await buildOccurrence(
      t,
      await buildService(t, provider, { name: 'Pilates', type: 'class', capacity: 5 }),
      '2026-11-26T10:00:00Z',
    );
    expect((await move(anaAgent, booking.id, { slot_id: other.id })).body.code).toBe('slot_taken');
  });

  it('takes the membership credit again in the new session’s period, or refuses the move', async () => {
    await buildPolicy(t, provider, { maxDaysBeforeBooking: 60 });
    yoga = await buildService(t, provider, { name: 'Flow', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 5 });
    const plan = await buildPlan(t, provider, { name: 'Monthly', priceCents: 5000, groups: [{ quantity: 1, services: [yoga] }] });
    // Renewal cancelled: access ends where the next period starts (D15).
    const membership = await buildMembership(t, ana, plan, { endsInPeriodOf: new Date('2026-12-24T00:00:00Z') });
    const thisWeek = await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z');
    const later = await buildOccurrence(t, yoga, '2026-11-27T17:00:00Z');
    const nextYear = await buildOccurrence(t, yoga, '2026-12-28T17:00:00Z');
    const booking = await buildAppointment(
      t,
      { client: ana, service: yoga, slot: thisWeek },
      { paymentMethod: 'membership', membershipId: membership.id },
    );

    const sameMonth = await move(anaAgent, booking.id, { slot_id: later.id });
    expect(sameMonth.status).toBe(200);
    expect(sameMonth.body.data).toMatchObject({ payment_method: 'membership', membership: { id: membership.id } });

    const uncovered = await move(anaAgent, booking.id, { slot_id: nextYear.id });
    expect(uncovered.status).toBe(409);
    expect(uncovered.body.code).toBe('membership_unusable');
    const row = await rowOf(booking.id);
    expect({ slot: row?.slotId, membership: row?.membershipId }).toEqual({ slot: later.id, membership: membership.id });
    expect(await seatsOf(nextYear.id)).toBe(0);
  });

  it('two clients moving into the last place at once: one gets it', async () => {
    yoga = await buildService(t, provider, { name: 'Flow', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 1 });
    const target = await buildOccurrence(t, yoga, '2026-11-26T17:00:00Z');
    const ben = await buildUser(t, { email: 'ben@example.com', name: 'Ben' });
    const a = await buildAppointment(t, { client: ana, service: yoga, slot: await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z') });
    const b = await buildAppointment(t, { client: ben, service: yoga, slot: await buildOccurrence(t, yoga, '2026-11-27T17:00:00Z') });
    const answers = await Promise.all([
      move(anaAgent, a.id, { slot_id: target.id }),
      move(await signIn(t, ben), b.id, { slot_id: target.id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await seatsOf(target.id)).toBe(1);
  });
});
