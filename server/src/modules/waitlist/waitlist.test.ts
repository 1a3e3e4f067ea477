/**
 * The waitlist of full classes (docs/product-rules.md#waitlist): joining and its refusals, the
 * provider's view, offers of freed places in order, lapse to the next client, auto-booking with a
 * credit, two places freed at once, capacity never exceeded, and closing at the booking notice.
 */
import type { ScheduleDay, SlotWaitlistEntry, WaitlistEntry, WaitlistPlace } from '@slotted/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/support/agent.ts';
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
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appointments, slots, waitlistEntries, type services, type users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// The test clock starts on Monday 2026-11-23 09:00 UTC; the default booking notice is 1 hour.
const CLASS_AT = '2026-11-25T10:00:00Z';
let t: TestApp;
let studio: typeof users.$inferSelect;
let provider: Agent;
let yoga: typeof services.$inferSelect;
let slot: typeof slots.$inferSelect;
let ana: typeof users.$inferSelect;
let bea: typeof users.$inferSelect;
let carla: typeof users.$inferSelect;
let dora: typeof users.$inferSelect;
let places: (typeof appointments.$inferSelect)[];

beforeEach(async () => {
  t = await createTestApp();
  studio = await buildProvider(t, { username: 'studio', name: 'Studio' });
  provider = await signIn(t, studio);
  yoga = await buildService(t, studio, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 2 });
  slot = await buildOccurrence(t, yoga, CLASS_AT);
  ana = await buildUser(t, { email: 'ana@example.com', name: 'Ana' });
  bea = await buildUser(t, { email: 'bea@example.com', name: 'Bea' });
  carla = await buildUser(t, { email: 'carla@example.com', name: 'Carla' });
  dora = await buildUser(t, { email: 'dora@example.com', name: 'Dora' });
  places = [
    await buildAppointment(t, { client: ana, service: yoga, slot }),
    await buildAppointment(t, { client: bea, service: yoga, slot }),
  ];
});
afterEach(async () => {
  await t.close();
});

const join = (a: Agent, slotId = slot.id, autoBook = 0) =>
  a.post<{ data: WaitlistPlace }>(`/api/slots/${slotId}/waitlist`, { auto_book: autoBook });
const mine = async (a: Agent) => (await a.get<{ data: WaitlistEntry[] }>('/api/waitlist')).body.data;
const line = async (slotId = slot.id) => (await provider.get<{ data: SlotWaitlistEntry[] }>(`/api/slots/${slotId}/waitlist`)).body.data;
const seatsTaken = async () => (await t.db.select().from(slots).where(eq(slots.id, slot.id)))[0]?.seatsTaken;
const activePlaces = async () =>
  (await t.db.select().from(appointments).where(eq(appointments.slotId, slot.id))).filter(
    (a) => a.status === 'confirmed' || a.status === 'held',
  );
const heldFor = async (client: typeof users.$inferSelect) =>
  (
    await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, slot.id), eq(appointments.clientId, client.id)))
  ).find((a) => a.status === 'held');
const mailTo = (email: string) => t.outbox.list().filter((m) => m.to === email);

describe('joining the waitlist', () => {
  it('joins a full class in order; the client, the provider and the schedule see the line', async () => {
    const carlaAgent = await signIn(t, carla);
    const doraAgent = await signIn(t, dora);
    const first = await join(carlaAgent);
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ slot_id: slot.id, position: 1, auto_book: false });
    expect((await join(doraAgent, slot.id, 1)).body.data).toEqual({ slot_id: slot.id, position: 2, auto_book: true });

    expect(await mine(doraAgent)).toMatchObject([
      { slot_id: slot.id, position: 2, service: { name: 'Yoga' }, starts_at: '2026-11-25T10:00:00.000Z', offer: null },
    ]);
    expect((await line()).map((e) => [e.position, e.client.name, e.offer_expires_at])).toEqual([
      [1, 'Carla', null],
      [2, 'Dora', null],
    ]);
    // Choose time shows the full class with its waitlist open, and the viewer's place in line.
    const listed = await doraAgent.get<{ data: { slots: Record<string, unknown>[] }[] }>(
      `/api/services/${yoga.id}/slots?from=2026-11-25&to=2026-11-25`,
    );
    expect(listed.body.data.flatMap((d) => d.slots)).toMatchObject([
      { id: String(slot.id), taken: true, waitlist_open: true, waitlist_position: 2 },
    ]);
    const days = (await provider.get<{ data: ScheduleDay[] }>('/api/schedule')).body.data;
    expect(days.flatMap((d) => d.slots).find((c) => c.id === String(slot.id))).toMatchObject({ waitlist_count: 2 });

    // Leaving moves the next one up.
    expect((await carlaAgent.request('DELETE', `/api/slots/${slot.id}/waitlist`)).status).toBe(204);
    expect(await mine(doraAgent)).toMatchObject([{ position: 1 }]);
    expect(await mine(carlaAgent)).toEqual([]);
    expect((await carlaAgent.request('DELETE', `/api/slots/${slot.id}/waitlist`)).status).toBe(404);
  });

  it('refuses joining twice, with a place, with free places, a past or cancelled class, a full or absent waitlist', async () => {
    const carlaAgent = await signIn(t, carla);
    expect((await join(carlaAgent)).status).toBe(201);
    const twice = await join(carlaAgent);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'conflict', message: 'You are already on the waitlist of this class.' });
    expect((await join(await signIn(t, ana))).body).toMatchObject({ message: 'You already have a place in this class.' });
    expect((await join(provider)).status).toBe(409);

    const roomy = await buildOccurrence(t, yoga, '2026-11-26T10:00:00Z');
    expect((await join(carlaAgent, roomy.id)).body).toMatchObject({ message: 'This class has free places: book one instead.' });

    const past = await buildOccurrence(t, yoga, '2026-11-23T08:00:00Z');
    expect((await join(carlaAgent, past.id)).body).toMatchObject({ message: 'This class has already started.' });
    const soon = await buildOccurrence(t, yoga, '2026-11-23T09:30:00Z');
    expect((await join(carlaAgent, soon.id)).body).toMatchObject({ message: 'Booking for this class has closed.' });

    const cancelled = await buildOccurrence(t, yoga, '2026-11-27T10:00:00Z');
    await t.db.update(slots).set({ cancelledAt: t.clock.now() }).where(eq(slots.id, cancelled.id));
    expect((await join(carlaAgent, cancelled.id)).body).toMatchObject({ message: 'This class is cancelled.' });

    await t.db.update(slots).set({ seatsTaken: 2 }).where(eq(slots.id, roomy.id));
    const tiny = await buildService(t, studio, { name: 'Pilates', type: 'class', priceCents: 1000, durationMinutes: 60, capacity: 1 });
    const { services: servicesTable } = await import('../../db/schema.ts');
    await t.db.update(servicesTable).set({ waitlistSize: 0 }).where(eq(servicesTable.id, tiny.id));
    const noLine = await buildOccurrence(t, tiny, '2026-11-27T12:00:00Z');
    await t.db.update(slots).set({ seatsTaken: 1 }).where(eq(slots.id, noLine.id));
    expect((await join(carlaAgent, noLine.id)).body).toMatchObject({ message: 'This class has no waitlist.' });

    await t.db.update(servicesTable).set({ waitlistSize: 1 }).where(eq(servicesTable.id, yoga.id));
    const full = await join(await signIn(t, dora));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ message: 'The waitlist of this class is full.' });

    expect((await join(carlaAgent, 999_999)).status).toBe(404);
    expect((await carlaAgent.post(`/api/slots/${slot.id}/waitlist`, { auto_book: 2 })).status).toBe(422);
  });

  it('shows the line of the provider’s own classes only', async () => {
    const other = await buildProvider(t, { username: 'other', name: 'Other', email: 'other@example.com' });
    expect((await (await signIn(t, other)).get(`/api/slots/${slot.id}/waitlist`)).status).toBe(404);
    expect((await (await signIn(t, carla)).get(`/api/slots/${slot.id}/waitlist`)).status).toBe(403);
  });

  it('class services take a waitlist size of 0–100, 10 by default', async () => {
    const base = { name: 'Spin', type: 'class', price: 10, duration: 45, capacity: 8 };
    expect((await provider.post<{ data: { waitlist_size: number } }>('/api/services', base)).body.data.waitlist_size).toBe(10);
    expect(
      (await provider.post<{ data: { waitlist_size: number } }>('/api/services', { ...base, waitlist_size: 0 })).body.data.waitlist_size,
    ).toBe(0);
    const tooMany = await provider.post('/api/services', { ...base, waitlist_size: 101 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ errors: { waitlist_size: ['The waitlist size must be between 0 and 100.'] } });
  });
});

describe('offers of freed places', () => {
  it('offers a cancelled place to the first in line, held 30 minutes; it lapses to the next, who confirms', async () => {
    const carlaAgent = await signIn(t, carla);
    const doraAgent = await signIn(t, dora);
    await join(carlaAgent);
    await join(doraAgent);
    const anaAgent = await signIn(t, ana);
    expect((await anaAgent.post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`)).status).toBe(200);

    const offer = await heldFor(carla);
    expect(offer?.holdExpiresAt?.toISOString()).toBe('2026-11-23T09:30:00.000Z');
    expect(await seatsTaken()).toBe(2);
    const [mail] = mailTo('carla@example.com');
    expect(mail?.subject).toBe('A place came free: Yoga');
    expect(mail?.text).toContain(`/appointments/${offer?.id}`);
    expect(mailTo('dora@example.com')).toEqual([]);
    expect(await mine(carlaAgent)).toMatchObject([{ position: 1, offer: { appointment_id: offer?.id } }]);
    expect((await line()).map((e) => [e.client.name, e.offer_expires_at])).toEqual([
      ['Carla', '2026-11-23T09:30:00.000Z'],
      ['Dora', null],
    ]);
    // Nobody else can take the offered place.
    const eve = await signIn(t, await buildUser(t, { email: 'eve@example.com', name: 'Eve' }));
    expect((await eve.post('/api/appointments', { service_id: yoga.id, slot_id: slot.id })).status).toBe(409);

    // Carla lets it run out: Dora gets it.
    t.clock.advanceMinutes(31);
    await t.app.jobs.runDue();
    expect(
      (
        await t.db
          .select()
          .from(appointments)
          .where(eq(appointments.id, must(offer, 'the offer').id))
      )[0]?.status,
    ).toBe('expired');
    const doraOffer = await heldFor(dora);
    expect(doraOffer).toBeDefined();
    expect(mailTo('dora@example.com').map((m) => m.subject)).toEqual(['A place came free: Yoga']);
    expect(await mine(carlaAgent)).toEqual([]);
    expect(await seatsTaken()).toBe(2);

    const confirmed = await doraAgent.post(`/api/appointments/${must(doraOffer, 'Dora’s offer').id}/confirm-without-payment`);
    expect(confirmed.status).toBe(200);
    expect(await mine(doraAgent)).toEqual([]);
    expect(await line()).toEqual([]);
    expect((await activePlaces()).length).toBe(2);
  });

  it('an offer declined (its checkout left) goes to the next in line at once', async () => {
    const carlaAgent = await signIn(t, carla);
    await join(carlaAgent);
    await join(await signIn(t, dora));
    await (await signIn(t, bea)).post(`/api/appointments/${must(places[1], 'place 1').id}/cancel`);
    const offer = await heldFor(carla);
    expect((await carlaAgent.post(`/api/appointments/${must(offer, 'the offer').id}/cancel`)).status).toBe(200);
    expect(await heldFor(dora)).toBeDefined();
    expect(await seatsTaken()).toBe(2);
  });

  it('an offer ends when the booking notice closes, if that is sooner than 30 minutes', async () => {
    const carlaAgent = await signIn(t, carla);
    await join(carlaAgent);
    // 08:50 on the class's day: booking closes at 09:00, one hour before the class.
    t.clock.advanceMinutes(2 * 24 * 60 - 10);
    await (await signIn(t, ana)).post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`);
    expect((await heldFor(carla))?.holdExpiresAt?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });

  it('auto-books the first in line with a membership credit that covers the class, and e-mails the booking', async () => {
    const plan = await buildPlan(t, studio, { groups: [{ quantity: 4, services: [yoga] }] });
    const pass = await buildMembership(t, carla, plan);
    await join(await signIn(t, carla), slot.id, 1);
    await (await signIn(t, ana)).post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`);
    const [booked] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, slot.id), eq(appointments.clientId, carla.id)));
    expect(booked).toMatchObject({ status: 'confirmed', paymentMethod: 'membership', membershipId: pass.id });
    expect(mailTo('carla@example.com').some((m) => m.subject.includes('onfirm'))).toBe(true);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('booked');
    expect(await seatsTaken()).toBe(2);
  });

  it('auto-book without a credit that covers the class gets an ordinary offer', async () => {
    await join(await signIn(t, carla), slot.id, 1);
    await (await signIn(t, ana)).post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`);
    expect(await heldFor(carla)).toBeDefined();
  });

  it('two places freed at once go to two different clients, never beyond capacity', async () => {
    await join(await signIn(t, carla));
    await join(await signIn(t, dora));
    const anaAgent = await signIn(t, ana);
    const beaAgent = await signIn(t, bea);
    const [a, b] = await Promise.all([
      anaAgent.post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`),
      beaAgent.post(`/api/appointments/${must(places[1], 'place 1').id}/cancel`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await t.app.jobs.runDue();
    const active = await activePlaces();
    expect(active.map((p) => p.clientId).sort()).toEqual([carla.id, dora.id].sort());
    expect(await seatsTaken()).toBe(2);
    // Running the job again changes nothing.
    const { FILL_JOB } = await import('./index.ts');
    await t.app.jobs.enqueue(t.db, FILL_JOB, { slotId: slot.id });
    await t.app.jobs.runDue();
    expect((await activePlaces()).length).toBe(2);
  });

  it('a place freed by a hold that expired goes to the line (housekeeping)', async () => {
    await t.db.delete(appointments).where(eq(appointments.id, must(places[1], 'place 1').id));
    await t.db.update(slots).set({ seatsTaken: 1 }).where(eq(slots.id, slot.id));
    await buildAppointment(t, { client: bea, service: yoga, slot, status: 'held' });
    await join(await signIn(t, carla));
    t.clock.advanceMinutes(11);
    await t.app.jobs.enqueue(t.db, 'housekeeping', {}, {});
    await t.app.jobs.runDue();
    expect(await heldFor(carla)).toBeDefined();
    expect(await seatsTaken()).toBe(2);
  });
});

describe('closing', () => {
  it('closes when the booking notice closes, telling those still waiting', async () => {
    await join(await signIn(t, carla));
    t.clock.advanceMinutes(2 * 24 * 60); // 09:00 on the class's day: booking has closed.
    await t.app.jobs.runDue();
    expect(mailTo('carla@example.com').map((m) => m.subject)).toEqual(['No place came free: Yoga']);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('closed');
    // A place freed now is not offered.
    await (await signIn(t, ana)).post(`/api/appointments/${must(places[0], 'place 0').id}/cancel`);
    expect(await heldFor(carla)).toBeUndefined();
  });

  const setNotice = async (hours: number) =>
    expect(
      (
        await provider.post('/api/policies', {
          min_hours_before_booking: hours,
          max_days_before_booking: 30,
          min_hours_before_cancellation: 24,
        })
      ).status,
    ).toBe(200);

  it('a shorter booking notice keeps the line open until booking closes at the new time', async () => {
    await setNotice(24); // Booking closes on Tuesday 10:00.
    await join(await signIn(t, carla));
    await setNotice(1); // Now on Wednesday 09:00.
    t.clock.advanceMinutes(26 * 60); // Tuesday 11:00: the old close has passed.
    await t.app.jobs.runDue();
    expect(mailTo('carla@example.com')).toEqual([]);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('waiting');
    t.clock.advanceMinutes(22 * 60 + 30); // Wednesday 09:30.
    await t.app.jobs.runDue();
    expect(mailTo('carla@example.com').map((m) => m.subject)).toEqual(['No place came free: Yoga']);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('closed');
  });

  it('a longer booking notice closes the line at the new, earlier time', async () => {
    await join(await signIn(t, carla)); // Booking closes on Wednesday 09:00.
    await setNotice(24); // Now on Tuesday 10:00.
    t.clock.advanceMinutes(25 * 60 + 30); // Tuesday 10:30.
    await t.app.jobs.runDue();
    expect(mailTo('carla@example.com').map((m) => m.subject)).toEqual(['No place came free: Yoga']);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('closed');
  });

  it('a cancelled class e-mails its waitlist', async () => {
    await join(await signIn(t, carla));
    expect((await provider.request('DELETE', `/api/slots/${slot.id}`)).status).toBe(204);
    expect(mailTo('carla@example.com').map((m) => m.subject)).toEqual(['Class cancelled: Yoga']);
    expect((await t.db.select().from(waitlistEntries))[0]?.status).toBe('cancelled');
  });
});
