import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildAppointment, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { appointments, slots, type services, type users } from '../../db/schema.ts';
import type { ScheduleDay } from '@slotted/contract';
import { must } from '../../../test/support/must.ts';

// The test clock starts on Monday 2026-11-23 09:00 UTC (10:00 in Madrid).
let t: TestApp;
let studio: typeof users.$inferSelect;
let provider: Agent;
let yoga: typeof services.$inferSelect;
beforeEach(async () => {
  t = await createTestApp();
  studio = await buildProvider(t, { username: 'studio', name: 'Studio' });
  provider = await signIn(t, studio);
  yoga = await buildService(t, studio, {
    name: 'Yoga',
    type: 'class',
    priceCents: 1200,
    durationMinutes: 60,
    location: 'Room 1',
    capacity: 10,
  });
});
afterEach(async () => {
  await t.close();
});

const schedule = async (a: Agent, subset = 'future') => (await a.get<{ data: ScheduleDay[] }>(`/api/schedule?subset=${subset}`)).body.data;
const cards = (days: ScheduleDay[]) => days.flatMap((d) => d.slots);

describe('classes', () => {
  it('a weekly class fills the schedule up to the booking horizon, in the provider’s wall clock', async () => {
    const res = await provider.post<{ data: { occurrences: number } }>('/api/repeaters', {
      service_id: yoga.id,
      start_at: '2026-11-24 09:00',
      repeat_every: '1w',
      weekdays: ['tue', 'thu'],
    });
    expect(res.status).toBe(201);
    // Default advance window is 30 days: Tuesdays and Thursdays from 24 Nov to 23 Dec.
    expect(res.body.data.occurrences).toBe(9);
    const days = await schedule(provider);
    expect(days.map((d) => `${d.weekday} ${d.day} ${d.month}`)).toEqual([
      'Tue 24 Nov',
      'Thu 26 Nov',
      'Tue 1 Dec',
      'Thu 3 Dec',
      'Tue 8 Dec',
      'Thu 10 Dec',
      'Tue 15 Dec',
      'Thu 17 Dec',
      'Tue 22 Dec',
    ]);
    expect(must(days[0], 'days[0]').slots[0]).toMatchObject({
      kind: 'class',
      date: '2026-11-24',
      time: '09:00',
      until: '10:00',
      starts_at: '2026-11-24T08:00:00Z',
      timezone: 'Europe/Madrid',
      in_the_past: false,
      cancelled_at: null,
      participants: 0,
      is_mine: true,
      service: { id: yoga.id, name: 'Yoga', location: 'Room 1', capacity: 10, duration: 60 },
      repeater: { weekdays: ['tue', 'thu'], start_time: '09:00', repeat_every: '1w' },
    });
  });

  it('extends the timetable as time passes, and shows times in the viewer’s zone', async () => {
    await provider.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-24 09:00', repeat_every: '1w', weekdays: ['tue'] });
    t.clock.advanceMinutes(14 * 24 * 60);
    const dates = cards(await schedule(provider)).map((c) => c.date);
    expect(dates).toEqual(['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05']);
    expect(cards(await schedule(provider, 'past')).map((c) => c.date)).toEqual(['2026-12-01', '2026-11-24']);
    await provider.postForm('/api/me', { name: 'Studio', timezone: 'America/New_York' });
    expect(cards(await schedule(provider))[0]).toMatchObject({
      date: '2026-12-08',
      time: '03:00',
      until: '04:00',
      timezone: 'America/New_York',
    });
  });

  it('a one-off class happens once', async () => {
    const res = await provider.post<{ data: { occurrences: number } }>('/api/repeaters', {
      service_id: yoga.id,
      start_at: '2026-11-28 18:30',
      repeat_every: null,
    });
    expect(res.body.data.occurrences).toBe(1);
    expect(cards(await schedule(provider)).map((c) => [c.date, c.time, c.repeater])).toEqual([['2026-11-28', '18:30', null]]);
  });

  it('refuses bad input with per-field errors', async () => {
    const massage = (await buildService(t, studio, { name: 'Massage', durationMinutes: 45 })).id;
    const cases: [object, string, string][] = [
      [
        { service_id: massage, start_at: '2026-11-24 09:00' },
        'service_id',
        'Only classes can be scheduled; appointments follow your working hours.',
      ],
      [{ service_id: 999999, start_at: '2026-11-24 09:00' }, 'service_id', 'Choose one of your classes.'],
      [{ service_id: yoga.id, start_at: '2026-11-23 09:00' }, 'start_at', 'Choose a start in the future.'],
      [{ service_id: yoga.id, start_at: '2026-11-24 9am' }, 'start_at', 'Choose a start date and time (YYYY-MM-DD HH:MM).'],
      [{ service_id: yoga.id, start_at: '2026-11-24 09:00', repeat_every: '1w', weekdays: [] }, 'weekdays', 'Choose at least one day.'],
      [
        { service_id: yoga.id, start_at: '2026-11-24 09:00', repeat_every: '5w', weekdays: ['mon'] },
        'repeat_every',
        'Choose how often it repeats.',
      ],
      [
        { service_id: yoga.id, start_at: '2027-03-28 02:30' },
        'start_at',
        'That time does not exist on that day (the clocks change). Choose another time.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await provider.post<{ errors: Record<string, string[]> }>('/api/repeaters', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await schedule(provider)).toEqual([]);
    const other = await signIn(t, await buildProvider(t, { username: 'other' }));
    expect(
      (await other.post<{ errors: object }>('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-24 09:00' })).body.errors,
    ).toEqual({ service_id: ['Choose one of your classes.'] });
    const client = await signIn(t, await buildUser(t));
    expect((await client.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-24 09:00' })).status).toBe(403);
  });
});

describe('a class never lands on the provider’s other commitments', () => {
  const conflictsOf = async (body: object) => {
    const res = await provider.post<{ errors: Record<string, string[]> }>('/api/repeaters', body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    return res.body.errors.start_at;
  };

  it('refuses a class over a confirmed appointment, naming the client, and creates nothing', async () => {
    const massage = await buildService(t, studio, { name: 'Massage' });
    await buildAppointment(t, { client: await buildUser(t, { name: 'Ana' }), service: massage, startsAt: '2026-12-01T09:00:00Z' }); // Tue 1 Dec 10:00 Madrid
    expect(await conflictsOf({ service_id: yoga.id, start_at: '2026-11-24 09:30', repeat_every: '1w', weekdays: ['tue'] })).toEqual([
      'You have a booking with Ana at 10:00 on Tue 1 Dec.',
    ]);
    expect(await conflictsOf({ service_id: yoga.id, start_at: '2026-12-01 10:30', repeat_every: null })).toEqual([
      'You have a booking with Ana at 10:00 on Tue 1 Dec.',
    ]);
    expect(await schedule(provider, 'future')).toHaveLength(1); // only Ana's appointment
    // Right after it is fine.
    expect((await provider.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-12-01 11:00', repeat_every: null })).status).toBe(
      201,
    );
  });

  it('refuses time off and holidays the provider does not work, for every occurrence up to the horizon', async () => {
    await provider.post('/api/time-off', { from_date: '2026-12-10', from_time: '08:00', until_date: '2026-12-10', until_time: '12:00' });
    await provider.post('/api/holidays/country', { country: 'ES' });
    // Weekly on Tuesdays and Thursdays from 24 Nov: 8 Dec is a holiday, Thu 10 Dec 09:00 is in time off.
    expect(await conflictsOf({ service_id: yoga.id, start_at: '2026-11-24 09:00', repeat_every: '1w', weekdays: ['tue', 'thu'] })).toEqual([
      'Tue 8 Dec is a public holiday (Immaculate Conception).',
      'Thu 10 Dec is time off.',
    ]);
    expect(await schedule(provider)).toEqual([]);
    // In the afternoon only the holiday is in the way; once the provider works it, the class fits.
    expect(await conflictsOf({ service_id: yoga.id, start_at: '2026-11-24 17:00', repeat_every: '1w', weekdays: ['tue', 'thu'] })).toEqual([
      'Tue 8 Dec is a public holiday (Immaculate Conception).',
    ]);
    await provider.post('/api/holidays/choice', { date: '2026-12-08', available: true });
    expect(
      (
        await provider.post('/api/repeaters', {
          service_id: yoga.id,
          start_at: '2026-11-24 17:00',
          repeat_every: '1w',
          weekdays: ['tue', 'thu'],
        })
      ).status,
    ).toBe(201);
  });
});

describe('cancelling classes', () => {
  beforeEach(async () => {
    await provider.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-24 09:00', repeat_every: '1w', weekdays: ['tue'] });
  });

  // Card payments of the cancelled places are refunded: appointments-card.test.ts.
  it('cancels one occurrence, and the bookings in it', async () => {
    const [first] = cards(await schedule(provider));
    const cleo = await buildUser(t, { name: 'Cleo' });
    const client = await signIn(t, cleo);
    const [occurrence] = await t.db
      .select()
      .from(slots)
      .where(eq(slots.id, Number(must(first, 'first').id)));
    await buildAppointment(t, { client: cleo, service: yoga, slot: must(occurrence, 'occurrence') });
    const before = cards(await schedule(client));
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      id: must(first, 'first').id,
      kind: 'class',
      is_mine: false,
      cancelled_at: null,
      provider: { name: 'Studio', username: 'studio' },
    });

    expect((await provider.request('DELETE', `/api/slots/${must(first, 'first').id}?upcoming=0`)).status).toBe(204);
    const after = cards(await schedule(provider));
    expect(after.filter((c) => c.cancelled_at !== null).map((c) => c.id)).toEqual([must(first, 'first').id]);
    expect(after.filter((c) => c.cancelled_at === null)).toHaveLength(4);
    const [booking] = await t.db.select().from(appointments);
    expect(booking).toMatchObject({ status: 'cancelled', cancelledBy: studio.id });
    expect(cards(await schedule(client, 'cancelled')).map((c) => c.id)).toEqual([must(first, 'first').id]);
    expect((await provider.request('DELETE', `/api/slots/${must(first, 'first').id}?upcoming=0`)).status).toBe(409);
  });

  it('cancels this and all following occurrences and ends the timetable', async () => {
    const all = cards(await schedule(provider));
    expect((await provider.request('DELETE', `/api/slots/${must(all[2], 'all[2]').id}?upcoming=1`)).status).toBe(204);
    const live = (cs: typeof all) => cs.filter((c) => c.cancelled_at === null).map((c) => c.date);
    expect(live(cards(await schedule(provider)))).toEqual(['2026-11-24', '2026-12-01']);
    t.clock.advanceMinutes(20 * 24 * 60);
    expect(live(cards(await schedule(provider)))).toEqual([]);
  });

  it('refuses other providers, clients, past and unknown classes', async () => {
    const [first] = cards(await schedule(provider));
    const other = await signIn(t, await buildProvider(t, { username: 'other' }));
    expect((await other.request('DELETE', `/api/slots/${must(first, 'first').id}`)).status).toBe(404);
    const client = await signIn(t, await buildUser(t));
    expect((await client.request('DELETE', `/api/slots/${must(first, 'first').id}`)).status).toBe(403);
    expect((await provider.request('DELETE', '/api/slots/999999')).status).toBe(404);
    t.clock.advanceMinutes(2 * 24 * 60);
    expect((await provider.request('DELETE', `/api/slots/${must(first, 'first').id}`)).status).toBe(409);
  });
});

describe('schedule', () => {
  it('is empty for a new client and needs a session', async () => {
    const client = await signIn(t, await buildUser(t));
    expect(await schedule(client)).toEqual([]);
    expect((await t.agent().get('/api/schedule')).status).toBe(401);
    expect((await client.get('/api/schedule?subset=soon')).status).toBe(422);
  });
});
