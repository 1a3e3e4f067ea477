import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, ScheduleDay, ServiceSlotsResponse } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  buildOccurrence,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  buildWorkDays,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, type services, users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC (10:00 Madrid). Hours Mon–Fri 08:00–17:00; notice 1 h; 30 days; refunds up to 24 h before.
let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let ana: Agent;
let massage: number;
let yoga: typeof services.$inferSelect;
const TUE_11 = '2026-11-24T10:00:00Z'; // Tuesday 11:00 in Madrid, 25 hours ahead

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
  massage = (await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60, location: 'Room 2' })).id;
  yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 2 });
  ana = await client('Ana');
});
afterEach(async () => {
  await t.close();
});

/** A signed-in client named `name`, at name@example.com. */
const client = async (name: string, app: TestApp = t) =>
  signIn(app, await buildUser(app, { email: `${name.toLowerCase()}@example.com`, name }));
type One = { data: Appointment };
const book = (a: Agent, body: object) => a.post<{ data: { id: string }; message?: string; code?: string }>('/api/appointments', body);
const bookMassage = (a: Agent, startsAt = TUE_11) => book(a, { service_id: massage, starts_at: startsAt });
const get = async (a: Agent, id: string) => (await a.get<One>(`/api/appointments/${id}`)).body.data;
const confirm = (a: Agent, id: string) =>
  a.post<One & { code?: string; message?: string }>(`/api/appointments/${id}/confirm-without-payment`);
const cancel = (a: Agent, id: string) => a.post<One & { code?: string; message?: string }>(`/api/appointments/${id}/cancel`);
/** The one-off Yoga class on Wednesday 25 November, 18:00 in Madrid. */
async function yogaSlotId(): Promise<number> {
  return (await buildOccurrence(t, yoga, '2026-11-25T17:00:00Z')).id;
}
async function markPaidByCard(id: string) {
  await t.db.update(appointments).set({ paidAt: t.clock.now(), paymentMethod: 'card' }).where(eq(appointments.id, id));
}

describe('holding and confirming an appointment', () => {
  it('holds the time for 10 minutes, then confirms in person and e-mails both sides with the calendar file', async () => {
    expect((await bookMassage(t.agent())).status).toBe(401);
    const res = await bookMassage(ana);
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    // Repeating the request while the hold lives returns the same booking.
    const again = await bookMassage(ana);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(id);

    expect(await get(ana, id)).toMatchObject({
      status: 'held',
      expires_in_seconds: 600,
      date: '2026-11-24',
      time: '11:00',
      until: '12:00',
      timezone: 'Europe/Madrid',
      pretty_date: 'Tuesday, 24 November 2026',
      name: 'Massage',
      location: 'Room 2',
      duration: 60,
      price: 40,
      confirmed_at: null,
      paid_at: null,
      missing_payment: true,
      payment_options: ['in_person'],
      can_be_cancelled: false,
      provider: { name: 'Studio', username: 'studio', policy: { min_hours_before_cancellation: 24 } },
      client: { email: 'ana@example.com' },
    });
    const slots = async (a: Agent) =>
      must(
        (await a.get<ServiceSlotsResponse>(`/api/services/${massage}/slots?timezone=UTC`)).body.data.find((d) => d.date === '2026-11-24'),
        "(await a.get<ServiceSlotsResponse>(`/api/services/${massage}/slots?timezone=UTC`)).body.data .find((d) => d.date === '2026-11-24')",
      ).slots.find((s) => s.starts_at === TUE_11);
    expect(await slots(ana)).toMatchObject({ booked_by_you: true });
    expect(await slots(t.agent())).toMatchObject({ taken: true });

    t.clock.advanceMinutes(4);
    expect((await get(ana, id)).expires_in_seconds).toBe(360);
    const before = t.outbox.list().length;
    const confirmed = await confirm(ana, id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      payment_method: 'in_person',
      missing_payment: true,
      expires_in_seconds: null,
      can_be_cancelled: true,
      payment_options: [],
    });
    const mails = t.outbox.list().slice(0, t.outbox.list().length - before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@example.com', 'studio@example.com']);
    for (const m of mails) {
      expect(m.attachments?.[0]?.filename).toBe('Massage.ics');
      expect(String(m.attachments?.[0]?.content)).toContain('DTSTART:20261124T100000Z');
    }
    // Confirming again changes nothing and sends nothing.
    expect((await confirm(ana, id)).body.data.status).toBe('confirmed');
    expect(t.outbox.list().length - before).toBe(2);

    const schedule = (await ana.get<{ data: ScheduleDay[] }>('/api/schedule')).body.data;
    expect(must(schedule[0], 'schedule[0]').slots[0]).toMatchObject({
      id,
      kind: 'appointment',
      time: '11:00',
      service: { name: 'Massage' },
    });
    const providerView = (await studio.get<{ data: ScheduleDay[] }>('/api/schedule')).body.data;
    expect(must(providerView[0], 'providerView[0]').slots[0]).toMatchObject({
      id,
      is_mine: true,
      appointments: [{ client: { name: 'Ana' } }],
    });
  });

  it('refuses a time someone else holds, and frees it when the hold expires', async () => {
    const ben = await client('Ben');
    const id = (await bookMassage(ana)).body.data.id;
    const taken = await bookMassage(ben);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'slot_taken', message: 'This slot is no longer available. Please select another one.' });

    t.clock.advanceMinutes(10);
    expect(await get(ana, id)).toMatchObject({ status: 'expired', expires_in_seconds: 0 });
    const late = await confirm(ana, id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'hold_expired' });
    expect((await bookMassage(ben)).status).toBe(201);
  });

  it('books only times the slot engine offers', async () => {
    const cases = [
      '2026-11-24T10:30:00Z', // not on the hour grid
      '2026-11-28T10:00:00Z', // Saturday, not worked
      '2026-11-23T09:30:00Z', // inside the one-hour notice
      '2027-01-05T10:00:00Z', // beyond 30 days
      '2026-11-24T16:00:00Z', // 17:00 Madrid, would end after hours
    ];
    for (const startsAt of cases) expect((await bookMassage(ana, startsAt)).status, startsAt).toBe(409);
    await studio.post('/api/time-off', { from_date: '2026-11-24', from_time: '00:00', until_date: '2026-11-25', until_time: '00:00' });
    expect((await bookMassage(ana)).status).toBe(409);
    expect((await book(studio, { service_id: massage, starts_at: '2026-11-25T10:00:00Z' })).body).toMatchObject({
      errors: { service_id: ['You cannot book your own service.'] },
    });
    expect((await book(ana, { service_id: massage })).status).toBe(422);
    expect((await book(ana, { service_id: 999999, starts_at: TUE_11 })).status).toBe(404);
  });

  it('keeps bookings private', async () => {
    const id = (await bookMassage(ana)).body.data.id;
    const ben = await client('Ben');
    expect((await ben.get(`/api/appointments/${id}`)).status).toBe(404);
    expect((await confirm(ben, id)).status).toBe(404);
    expect((await cancel(ben, id)).status).toBe(404);
    expect((await ana.get('/api/appointments/not-a-uuid')).status).toBe(404);
    expect((await studio.get(`/api/appointments/${id}`)).status).toBe(200);
    // Only the client confirms their own booking.
    expect((await confirm(studio, id)).status).toBe(404);
  });

  it('still lets clients pay in person when the provider requires payment but card payments are not set up', async () => {
    await t.db.update(users).set({ requirePayment: true, stripeConnected: true }).where(eq(users.email, 'studio@example.com'));
    const res = await bookMassage(ana);
    expect(res.status).toBe(201);
    expect((await get(ana, res.body.data.id)).payment_options).toEqual(['in_person']);
    expect((await confirm(ana, res.body.data.id)).body.data).toMatchObject({ status: 'confirmed', payment_method: 'in_person' });
  });

  it('offers payment choices only to the client, and only while the time is ahead', async () => {
    const id = (await bookMassage(ana, '2026-11-23T15:00:00Z')).body.data.id;
    expect((await get(studio, id)).payment_options).toEqual([]);
    await confirm(ana, id);
    await cancel(ana, id);
    expect((await get(ana, id)).payment_options).toEqual(['in_person']);
    t.clock.advanceMinutes(7 * 60);
    expect((await get(ana, id)).payment_options).toEqual([]);
  });
});

describe('cancelling', () => {
  async function confirmedMassage(startsAt = TUE_11) {
    const id = (await bookMassage(ana, startsAt)).body.data.id;
    await confirm(ana, id);
    return id;
  }

  // What is refunded by card: appointments-card.test.ts.
  it('a client cancels inside the refund window: the provider told, the time free again', async () => {
    const id = await confirmedMassage();
    expect((await get(ana, id)).cancellation_refundable).toBe(true);
    const before = t.outbox.list().length;
    const res = await cancel(ana, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refund_due: 0, can_be_cancelled: false });
    expect(
      t.outbox
        .list()
        .slice(0, t.outbox.list().length - before)
        .map((m) => [m.to, m.subject]),
    ).toEqual([['studio@example.com', 'Cancelled: Ana — Massage']]);
    const again = await cancel(ana, id);
    expect(again.status).toBe(409);
    const ben = await client('Ben');
    expect((await bookMassage(ben)).status).toBe(201);
  });

  it('a late cancellation keeps the payment, and the same booking can be re-booked without paying again', async () => {
    const id = await confirmedMassage('2026-11-23T15:00:00Z'); // 16:00 today, six hours ahead
    await markPaidByCard(id);
    expect((await get(ana, id)).cancellation_refundable).toBe(false);
    const res = await cancel(ana, id);
    expect(res.body.data).toMatchObject({ status: 'cancelled', refund_due: 0, paid_at: expect.any(String), payment_options: ['rebook'] });
    const rebooked = await confirm(ana, id);
    expect(rebooked.status).toBe(200);
    expect(rebooked.body.data).toMatchObject({ status: 'confirmed', cancelled_at: null, payment_method: 'card' });
  });

  it('re-booking fails when the time was taken meanwhile, and succeeds once that hold has expired', async () => {
    const id = await confirmedMassage('2026-11-23T15:00:00Z');
    await cancel(ana, id);
    const ben = await client('Ben');
    const held = (await bookMassage(ben, '2026-11-23T15:00:00Z')).body.data.id;
    expect((await confirm(ana, id)).status).toBe(409);
    t.clock.advanceMinutes(10);
    expect((await confirm(ana, id)).body.data).toMatchObject({ status: 'confirmed' });
    expect(await get(ben, held)).toMatchObject({ status: 'expired' });
  });

  it('with a "Never" policy nothing is refunded', async () => {
    await buildPolicy(t, provider, { minHoursBeforeCancellation: 0 });
    const id = await confirmedMassage();
    await markPaidByCard(id);
    expect((await cancel(ana, id)).body.data.refund_due).toBe(0);
  });

  it('a provider’s cancellation tells the client', async () => {
    const id = await confirmedMassage('2026-11-23T15:00:00Z');
    const res = await cancel(studio, id);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancellation_refundable: true });
    expect(t.outbox.list()[0]).toMatchObject({ to: 'ana@example.com', subject: 'Cancelled: Massage' });
  });

  it('cannot cancel a booking that has started', async () => {
    const id = await confirmedMassage('2026-11-23T15:00:00Z');
    t.clock.advanceMinutes(6 * 60 + 1);
    const res = await cancel(ana, id);
    expect(res.status).toBe(409);
    expect((await get(ana, id)).can_be_cancelled).toBe(false);
  });
});

describe('classes', () => {
  it('fills a class to capacity, one place per client, and frees places on cancellation', async () => {
    const slotId = await yogaSlotId();
    const ben = await client('Ben');
    const cleo = await client('Cleo');
    const a = await book(ana, { service_id: yoga.id, slot_id: slotId });
    expect(a.status).toBe(201);
    expect((await book(ana, { service_id: yoga.id, slot_id: slotId })).body.data.id).toBe(a.body.data.id);
    const b = await book(ben, { service_id: yoga.id, slot_id: slotId });
    expect(b.status).toBe(201);
    expect((await book(cleo, { service_id: yoga.id, slot_id: slotId })).status).toBe(409);
    const listed = must(
      (await cleo.get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0],
      '(await cleo.get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0]',
    ).slots[0];
    expect(listed).toMatchObject({ taken: true, available: false });

    await confirm(ana, a.body.data.id);
    await cancel(ana, a.body.data.id);
    expect((await book(cleo, { service_id: yoga.id, slot_id: slotId })).status).toBe(201);
  });

  it('an expired hold gives its place back', async () => {
    const slotId = await yogaSlotId();
    const ben = await client('Ben');
    const cleo = await client('Cleo');
    await book(ana, { service_id: yoga.id, slot_id: slotId });
    await book(ben, { service_id: yoga.id, slot_id: slotId });
    t.clock.advanceMinutes(11);
    expect(
      must(
        (await cleo.get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0],
        '(await cleo.get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0]',
      ).slots[0],
    ).toMatchObject({
      available: true,
    });
    expect((await book(cleo, { service_id: yoga.id, slot_id: slotId })).status).toBe(201);
  });

  it('a class occurrence blocks the provider’s appointment time, and a cancelled class e-mails its clients', async () => {
    const slotId = await yogaSlotId(); // Wednesday 18:00–19:00 Madrid = 17:00Z
    await buildWorkDays(t, provider, { from: '08:00', to: '20:00' });
    expect((await bookMassage(ana, '2026-11-25T17:00:00Z')).status).toBe(409);
    const id = (await book(ana, { service_id: yoga.id, slot_id: slotId })).body.data.id;
    await confirm(ana, id);
    const before = t.outbox.list().length;
    expect((await studio.request('DELETE', `/api/slots/${slotId}?upcoming=0`)).status).toBe(204);
    const mail = t.outbox.list().slice(0, t.outbox.list().length - before);
    expect(mail.map((m) => m.to)).toEqual(['ana@example.com']);
    expect(must(mail[0], 'mail[0]').text).toContain('Nothing was charged for it.');
    expect(await get(ana, id)).toMatchObject({ status: 'cancelled', refund_due: 0 });
  });
});

describe('classes and appointments of one provider', () => {
  it('an appointment far ahead cannot take the time of a weekly class not yet extended that far', async () => {
    // Weekly Wednesdays 10:00 Madrid; created now, its occurrences exist up to 30 days ahead.
    await studio.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-25 10:00', repeat_every: '1w', weekdays: ['wed'] });
    t.clock.advanceMinutes(14 * 24 * 60); // nobody opens the schedule or the class for two weeks
    const res = await bookMassage(ana, '2026-12-30T09:00:00Z'); // Wed 30 Dec 10:00 Madrid, a class week beyond the first 30 days
    expect(res.status).toBe(409);
    const listed = must(
      (await ana.get<ServiceSlotsResponse>(`/api/services/${massage}/slots?timezone=UTC`)).body.data.find((d) => d.date === '2026-12-30'),
      "(await ana.get<ServiceSlotsResponse>(`/api/services/${massage}/slots?timezone=UTC`)).body.data.find( (d) => d.date === '2026-12-30', )",
    );
    expect(listed.slots.find((s) => s.starts_at === '2026-12-30T09:00:00Z')).toMatchObject({ taken: true });
  });
});

describe('clients and lists', () => {
  it('lists the provider’s clients and one client’s bookings', async () => {
    const id = (await bookMassage(ana)).body.data.id;
    expect((await studio.get<{ data: unknown[] }>('/api/clients')).body.data).toEqual([]);
    await confirm(ana, id);
    const clients = (await studio.get<{ data: { id: string; name: string; email: string }[] }>('/api/clients')).body.data;
    expect(clients).toMatchObject([{ name: 'Ana', email: 'ana@example.com', is_me: false }]);
    const upcoming = (
      await studio.get<{ data: Appointment[] }>(`/api/appointments?client_id=${must(clients[0], 'clients[0]').id}&subset=future`)
    ).body.data;
    expect(upcoming.map((a) => a.id)).toEqual([id]);
    expect(
      (await studio.get<{ data: Appointment[] }>(`/api/appointments?client_id=${must(clients[0], 'clients[0]').id}&subset=past`)).body.data,
    ).toEqual([]);
    expect((await ana.get<{ data: Appointment[] }>('/api/appointments')).body.data.map((a) => a.id)).toEqual([id]);
    expect((await ana.get(`/api/appointments?client_id=${must(clients[0], 'clients[0]').id}`)).status).toBe(403);
    expect((await ana.get('/api/clients')).status).toBe(403);
  });
});

describe('re-booking goes through the checks of a new booking', () => {
  async function cancelledMassage(by: Agent, startsAt = TUE_11) {
    const id = (await bookMassage(ana, startsAt)).body.data.id;
    await confirm(ana, id);
    expect((await cancel(by, id)).status).toBe(200);
    return id;
  }

  it('a provider’s cancellation cannot be undone by the client', async () => {
    const id = await cancelledMassage(studio);
    expect((await get(ana, id)).payment_options).toEqual([]);
    const res = await confirm(ana, id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'conflict',
      message: 'Studio cancelled this booking, so it cannot be re-booked. Please choose another time.',
    });
    expect((await get(ana, id)).status).toBe('cancelled');
  });

  it('refuses a time the provider has since taken off, or a service they deleted', async () => {
    const id = await cancelledMassage(ana);
    expect((await get(ana, id)).payment_options).toEqual(['in_person']);
    const off = await studio.post<{ data: { id: number } }>('/api/time-off', {
      from_date: '2026-11-24',
      from_time: '00:00',
      until_date: '2026-11-25',
      until_time: '00:00',
    });
    // Not offered what the server refuses (issue item 14).
    expect((await get(ana, id)).payment_options).toEqual([]);
    const refused = await confirm(ana, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'slot_taken' });
    expect((await get(ana, id)).status).toBe('cancelled');

    await studio.request('DELETE', `/api/time-off/${off.body.data.id}`);
    expect((await get(ana, id)).payment_options).toEqual(['in_person']);
    expect((await studio.request('DELETE', `/api/services/${massage}`)).status).toBe(204);
    expect((await get(ana, id)).payment_options).toEqual([]);
    const gone = await confirm(ana, id);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('Massage is no longer offered. Please choose another time.');
    expect((await get(ana, id)).status).toBe('cancelled');
  });

  it('respects the booking notice, and is not offered once it has passed', async () => {
    const id = await cancelledMassage(ana, '2026-11-23T15:00:00Z'); // six hours ahead
    await buildPolicy(t, provider, { minHoursBeforeBooking: 12 });
    expect((await get(ana, id)).payment_options).toEqual([]);
    expect((await confirm(ana, id)).status).toBe(409);
    expect((await get(ana, id)).status).toBe('cancelled');
  });

  it('a class place comes back only while the class runs and has room', async () => {
    const slotId = await yogaSlotId(); // capacity 2
    const place = (await book(ana, { service_id: yoga.id, slot_id: slotId })).body.data.id;
    await confirm(ana, place);
    await cancel(ana, place);
    const ben = await client('Ben');
    const cleo = await client('Cleo');
    expect((await book(ben, { service_id: yoga.id, slot_id: slotId })).status).toBe(201);
    const cleos = (await book(cleo, { service_id: yoga.id, slot_id: slotId })).body.data.id;
    // A full class is not offered (issue item 14), and the server refuses it.
    expect((await get(ana, place)).payment_options).toEqual([]);
    const full = await confirm(ana, place);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'slot_taken' });

    await cancel(cleo, cleos); // leaves the checkout: the place is free again
    expect((await get(ana, place)).payment_options).toEqual(['in_person']);
    expect((await confirm(ana, place)).body.data).toMatchObject({ status: 'confirmed' });
    await cancel(ana, place);
    // The class starts in about 56 hours: inside a 72-hour booking notice it cannot be re-booked.
    await buildPolicy(t, provider, { minHoursBeforeBooking: 72 });
    expect((await get(ana, place)).payment_options).toEqual([]);
    expect((await confirm(ana, place)).status).toBe(409);
    await buildPolicy(t, provider);
    expect((await studio.request('DELETE', `/api/slots/${slotId}?upcoming=0`)).status).toBe(204);
    expect((await get(ana, place)).payment_options).toEqual([]);
    expect((await confirm(ana, place)).status).toBe(409);
    expect((await get(ana, place)).status).toBe('cancelled');
  });
});

describe('one client cannot hold every free time', () => {
  const times = ['2026-11-24T08:00:00Z', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'];

  it('a new hold of a service releases the client’s previous hold of it', async () => {
    const first = (await bookMassage(ana, times[0])).body.data.id;
    const second = await bookMassage(ana, times[1]);
    expect(second.status).toBe(201);
    expect((await get(ana, first)).status).toBe('expired');
    const ben = await client('Ben');
    expect((await bookMassage(ben, times[0])).status).toBe(201);

    // A class place is given back too.
    const slotId = await yogaSlotId(); // capacity 2
    const cleo = await client('Cleo');
    const place = (await book(cleo, { service_id: yoga.id, slot_id: slotId })).body.data.id;
    const later = (await buildOccurrence(t, yoga, '2026-11-26T17:00:00Z')).id;
    expect((await book(cleo, { service_id: yoga.id, slot_id: later })).status).toBe(201);
    expect((await get(cleo, place)).status).toBe('expired');
    const earlier = must(
      must(
        (await t.agent().get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0],
        '(await t.agent().get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0]',
      ).slots[0],
      "must((await t.agent().get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0], '(await t.agent().get<ServiceSlotsResponse>(`/api/services/${yoga.id}/slots?timezone=UTC`)).body.data[0]').slots[0]",
    );
    expect(earlier).toMatchObject({ available: true, taken: false });
  });

  it(`limits live holds with one provider, and says when to try again`, async () => {
    const serviceIds = [massage];
    for (const name of ['Facial', 'Reiki', 'Pilates']) serviceIds.push((await buildService(t, provider, { name, priceCents: 3000 })).id);
    for (let i = 0; i < 3; i++) expect((await book(ana, { service_id: serviceIds[i], starts_at: times[i] })).status).toBe(201);
    t.clock.advanceMinutes(2);
    const refused = await book(ana, { service_id: serviceIds[3], starts_at: times[3] });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'too_many_holds',
      message:
        'You already have 3 unconfirmed bookings with Studio. Confirm one of them, or try again in 8 minutes when the first is released.',
    });
    expect(refused.headers['retry-after']).toBe('480');
    // Confirming one makes room.
    const [held] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.serviceId, must(serviceIds[0], 'serviceIds[0]')));
    await confirm(ana, must(held, 'held').id);
    expect((await book(ana, { service_id: serviceIds[3], starts_at: times[3] })).status).toBe(201);
  });

  it('rate-limits booking requests per person and per client address, with Retry-After', async () => {
    const limited = await createTestApp({ env: { BOOKING_LIMIT_PER_USER: '2', BOOKING_LIMIT_PER_IP: '4' } });
    try {
      const service = (await buildService(limited, await buildProvider(limited, { username: 'prov', name: 'Prov' }))).id;
      const [c, d, e] = [await client('C', limited), await client('D', limited), await client('E', limited)];
      const attempt = (a: Agent, startsAt: string) =>
        a.post<{ code?: string; message?: string }>('/api/appointments', { service_id: service, starts_at: startsAt });
      expect((await attempt(c, must(times[0], 'times[0]'))).status).toBe(201);
      expect((await attempt(c, must(times[0], 'times[0]'))).status).toBe(200);
      const third = await attempt(c, must(times[0], 'times[0]'));
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: 'rate_limited', message: 'Too many booking attempts. Please try again in 15 minutes.' });
      expect(third.headers['retry-after']).toBe('900');
      // Another person on the same address still can, until the address has used its share.
      expect((await attempt(d, must(times[1], 'times[1]'))).status).toBe(201);
      const fromAddress = await attempt(e, must(times[2], 'times[2]'));
      expect(fromAddress.status).toBe(429);
      expect(fromAddress.body).toMatchObject({ code: 'rate_limited' });
      limited.clock.advanceMinutes(15);
      expect((await attempt(e, must(times[2], 'times[2]'))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
