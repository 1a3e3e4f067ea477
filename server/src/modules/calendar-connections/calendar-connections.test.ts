/**
 * Calendar connections against a real CalDAV server (Radicale): discovery, refusals, every
 * busy-time case, slots with the server stopped, and bookings written as one event each
 * (docs/product-rules.md#calendar-connections).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarConnection, ServiceSlotsResponse } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildAppointment, buildPolicy, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { must } from '../../../test/support/must.ts';
import { captureLogs } from '../../../test/support/log-capture.ts';
import { startRadicale, type Radicale } from '../../../test/support/radicale.ts';
import {
  calendarBookingEvents,
  calendarBusyTimes,
  calendarClassEvents,
  calendarConnections,
  slots,
  type services,
  type users,
} from '../../db/schema.ts';

type Connection = { data: CalendarConnection; errors?: Record<string, string[]>; code?: string };

let radicale: Radicale;
let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let massage: typeof services.$inferSelect;
let n = 0;

beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale.close();
});

// Monday 2 March 2026, 09:00 in Madrid: the US changes to summer time on 8 March, Europe on 29 March.
const NOW = new Date('2026-03-02T08:00:00Z');

beforeEach(async () => {
  t = await createTestApp({ now: NOW, env: { CALDAV_ALLOW_PRIVATE_HOSTS: 'true' } });
  provider = await buildProvider(t, { email: 'studio@example.com', name: 'Studio', timezone: 'Europe/Madrid' });
  await buildPolicy(t, provider, { maxDaysBeforeBooking: 60 });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', durationMinutes: 60, location: 'Calle Mayor 1' });
});
afterEach(() => t.close());

/** A calendar of its own for each test, so tests do not see each other's events. */
const newCalendar = (name = 'Work') => radicale.calendar(`cal-${++n}`, `${name} ${n}`);

const connect = (a: Agent, body: Partial<{ server_url: string; username: string; password: string }> = {}) =>
  a.post<Connection>('/api/calendar-connections', {
    server_url: radicale.url,
    username: radicale.user,
    password: radicale.password,
    ...body,
  });

/** Connects and leaves only `calendarUrl` blocking (and writing, if asked). */
async function connectOnly(calendarUrl: string, opts: { writes?: boolean; blocks?: boolean } = {}) {
  const created = await connect(studio);
  expect(created.status).toBe(201);
  const calendars = created.body.data.calendars.map((c) => ({
    url: c.url,
    blocks: c.url === calendarUrl && (opts.blocks ?? true),
    writes: c.url === calendarUrl && !!opts.writes,
  }));
  const updated = await studio.post<Connection>(`/api/calendar-connections/${created.body.data.id}`, { calendars });
  expect(updated.status).toBe(200);
  return updated.body.data;
}

const slotsOf = async (from: string, to: string) =>
  (await t.agent().get<ServiceSlotsResponse>(`/api/services/${massage.id}/slots?timezone=Europe%2FMadrid&from=${from}&to=${to}`)).body;
/** The times still free on a day (busy ones are listed as taken). */
const times = (body: ServiceSlotsResponse, date: string) =>
  body.data
    .find((d) => d.date === date)
    ?.slots.filter((s) => !s.taken)
    .map((s) => s.time) ?? [];
const ALL_DAY = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
const without = (...gone: string[]) => ALL_DAY.filter((x) => !gone.includes(x));

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, ...lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('connecting a calendar', () => {
  it('discovers the calendars (well-known → principal → home) and keeps the password sealed, never answering it', async () => {
    const url = await newCalendar('Personal');
    const res = await connect(studio);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ server_url: radicale.url, username: radicale.user, failing_since: null });
    expect(res.body.data.calendars).toContainEqual({
      url: `${radicale.url}${new URL(url).pathname}`,
      name: `Personal ${n}`,
      blocks: true,
      writes: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(radicale.password);
    const listed = await studio.get<{ data: CalendarConnection[] }>('/api/calendar-connections');
    expect(listed.body.data).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(radicale.password);
    const [row] = await t.db.select().from(calendarConnections);
    expect(row?.passwordSealed).toMatch(/^v1\./);
    expect(row?.passwordSealed).not.toContain(radicale.password);
    expect(row?.syncedAt).not.toBeNull();
  });

  it('answers 422 naming the password when the server refuses it, and the address when nothing answers there', async () => {
    await newCalendar();
    const wrongPassword = await connect(studio, { password: 'wrong' });
    expect(wrongPassword.status).toBe(422);
    expect(Object.keys(wrongPassword.body.errors ?? {})).toEqual(['password']);
    const closed = await connect(studio, { server_url: 'http://127.0.0.1:1' });
    expect(closed.status).toBe(422);
    expect(Object.keys(closed.body.errors ?? {})).toEqual(['server_url']);
    expect(await t.db.select().from(calendarConnections)).toEqual([]);
  });

  it('never writes the password to a log, also when the server is down', async () => {
    const logs = captureLogs();
    const logged = await createTestApp({ now: NOW, env: { CALDAV_ALLOW_PRIVATE_HOSTS: 'true' }, logger: logs.logger });
    try {
      const url = await radicale.calendar(`cal-${++n}`);
      const owner = await buildProvider(logged);
      const agent = await signIn(logged, owner);
      expect((await connect(agent, { password: 'wrong' })).status).toBe(422);
      const created = await connect(agent);
      expect(created.status).toBe(201);
      await radicale.put(url, 'x', ics(event('x', 'DTSTART:20260303T100000Z', 'DTEND:20260303T110000Z')));
      await radicale.stop();
      try {
        logged.clock.advanceMinutes(6);
        await logged.app.jobs.schedulePeriodic();
        await logged.app.jobs.runDue();
      } finally {
        await radicale.start();
      }
      expect(logs.lines.some((l) => l.includes('calendar could not be read'))).toBe(true);
      const everything = logs.lines.join('\n');
      expect(everything).not.toContain(radicale.password);
      expect(everything).not.toContain(Buffer.from(`${radicale.user}:${radicale.password}`).toString('base64'));
    } finally {
      await logged.close();
    }
  });

  it('refuses loopback and private addresses, and plain http, unless CALDAV_ALLOW_PRIVATE_HOSTS is set', async () => {
    const strict = await createTestApp({ now: NOW });
    try {
      const owner = await buildProvider(strict);
      const agent = await signIn(strict, owner);
      for (const server_url of [
        'https://127.0.0.1:8443',
        'https://localhost',
        'https://10.1.2.3',
        'https://[::1]',
        'https://169.254.169.254',
        radicale.url,
      ]) {
        const res = await connect(agent, { server_url });
        expect(res.status, server_url).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), server_url).toEqual(['server_url']);
      }
    } finally {
      await strict.close();
    }
  });

  it('is the provider’s own: others get 404, and disconnecting removes busy times and credentials', async () => {
    const url = await newCalendar();
    await radicale.put(url, 'busy', ics(event('b1', 'DTSTART:20260303T100000Z', 'DTEND:20260303T110000Z')));
    const c = await connectOnly(url);
    expect(await t.db.select().from(calendarBusyTimes)).toHaveLength(1);
    const other = await signIn(t, await buildProvider(t));
    expect((await other.post(`/api/calendar-connections/${c.id}`, { calendars: [] })).status).toBe(404);
    expect((await other.request('DELETE', `/api/calendar-connections/${c.id}`)).status).toBe(404);
    // Unticked, its busy times stop blocking at once, without waiting for the server.
    await radicale.stop();
    try {
      const unticked = await studio.post(`/api/calendar-connections/${c.id}`, { calendars: [{ url, blocks: false, writes: false }] });
      expect(unticked.status).toBe(200);
      expect(await t.db.select().from(calendarBusyTimes)).toEqual([]);
    } finally {
      await radicale.start();
    }
    expect((await studio.request('DELETE', `/api/calendar-connections/${c.id}`)).status).toBe(204);
    expect(await t.db.select().from(calendarConnections)).toEqual([]);
    expect(await t.db.select().from(calendarBusyTimes)).toEqual([]);
    expect(times(await slotsOf('2026-03-03', '2026-03-03'), '2026-03-03')).toEqual(ALL_DAY);
  });
});

describe('busy times', () => {
  it('block every occurrence: weekly in New York across its summer-time change (EXDATE, a moved and a cancelled occurrence), seen from Madrid', async () => {
    const url = await newCalendar();
    await radicale.put(
      url,
      'weekly',
      ics(
        NEW_YORK,
        event(
          'weekly-1',
          'DTSTART;TZID=America/New_York:20260302T100000',
          'DTEND;TZID=America/New_York:20260302T110000',
          'RRULE:FREQ=WEEKLY;COUNT=6',
          'EXDATE;TZID=America/New_York:20260316T100000',
        ),
        event(
          'weekly-1',
          'RECURRENCE-ID;TZID=America/New_York:20260323T100000',
          'DTSTART;TZID=America/New_York:20260324T090000',
          'DTEND;TZID=America/New_York:20260324T100000',
        ),
        event(
          'weekly-1',
          'RECURRENCE-ID;TZID=America/New_York:20260330T100000',
          'DTSTART;TZID=America/New_York:20260330T100000',
          'DTEND;TZID=America/New_York:20260330T110000',
          'STATUS:CANCELLED',
        ),
      ),
    );
    await connectOnly(url);
    const march = await slotsOf('2026-03-02', '2026-03-31');
    const april = await slotsOf('2026-04-01', '2026-04-10');
    // 10:00 in New York: 16:00 in Madrid in winter, 15:00 while only the US is on summer time.
    expect(times(march, '2026-03-02')).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
    expect(times(march, '2026-03-09')).toEqual(without('15:00'));
    expect(times(march, '2026-03-16')).toEqual(ALL_DAY); // EXDATE
    expect(times(march, '2026-03-23')).toEqual(ALL_DAY); // moved to Tuesday 09:00 New York = 14:00 Madrid
    expect(times(march, '2026-03-24')).toEqual(without('14:00'));
    expect(times(march, '2026-03-30')).toEqual(ALL_DAY); // cancelled occurrence
    expect(times(april, '2026-04-06')).toEqual(without('16:00')); // both on summer time
  });

  it('block whole days for all-day events, floating times in the provider’s zone, and never free, cancelled or Slotted’s own events', async () => {
    const url = await newCalendar();
    await radicale.put(url, 'allday', ics(event('allday', 'DTSTART;VALUE=DATE:20260304', 'DTEND;VALUE=DATE:20260305')));
    await radicale.put(url, 'free', ics(event('free', 'DTSTART:20260305T090000Z', 'DTEND:20260305T100000Z', 'TRANSP:TRANSPARENT')));
    await radicale.put(url, 'cancelled', ics(event('cancelled', 'DTSTART:20260305T110000Z', 'DTEND:20260305T120000Z', 'STATUS:CANCELLED')));
    await radicale.put(
      url,
      'ours',
      ics(event('0a0a0a0a-0000-4000-8000-000000000000@slotted', 'DTSTART:20260305T130000Z', 'DTEND:20260305T140000Z')),
    );
    await radicale.put(url, 'floating', ics(event('floating', 'DTSTART:20260306T090000', 'DTEND:20260306T100000')));
    await radicale.put(url, 'rdate', ics(event('rdate', 'DTSTART:20260310T090000Z', 'DURATION:PT1H', 'RDATE:20260311T090000Z')));
    await connectOnly(url);
    const body = await slotsOf('2026-03-03', '2026-03-11');
    expect(times(body, '2026-03-03')).toEqual(ALL_DAY);
    expect(times(body, '2026-03-04')).toEqual([]);
    expect(times(body, '2026-03-05')).toEqual(ALL_DAY);
    expect(times(body, '2026-03-06')).toEqual(without('09:00'));
    expect(times(body, '2026-03-10')).toEqual(without('10:00'));
    expect(times(body, '2026-03-11')).toEqual(without('10:00'));
  });

  it('block new classes too', async () => {
    const url = await newCalendar();
    await radicale.put(url, 'busy', ics(event('busy', 'DTSTART:20260305T170000Z', 'DTEND:20260305T180000Z')));
    await connectOnly(url);
    const yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', durationMinutes: 60 });
    const refused = await studio.post<Connection>('/api/repeaters', {
      service_id: yoga.id,
      start_at: '2026-03-05 18:30',
      repeat_every: null,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.start_at).toEqual(['Your calendar has an event at 18:00 on Thu 5 Mar.']);
    expect((await studio.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-03-05 19:00', repeat_every: null })).status).toBe(
      201,
    );
  });

  it('keep blocking from the stored copy while the server is down; the connection says since when it is not syncing, and a booking is still checked', async () => {
    const url = await newCalendar();
    await radicale.put(url, 'busy', ics(event('busy', 'DTSTART:20260303T100000Z', 'DTEND:20260303T110000Z')));
    await connectOnly(url);
    await radicale.stop();
    try {
      t.clock.advanceMinutes(6);
      await t.app.jobs.schedulePeriodic();
      await t.app.jobs.runDue();
      expect(times(await slotsOf('2026-03-03', '2026-03-03'), '2026-03-03')).toEqual(without('11:00'));
      const [c] = (await studio.get<{ data: CalendarConnection[] }>('/api/calendar-connections')).body.data;
      expect(c?.failing_since).toBe(t.clock.now().toISOString());
      const ana = await signIn(t, await buildUser(t));
      const refused = await ana.post<{ code: string }>('/api/appointments', { service_id: massage.id, starts_at: '2026-03-03T10:00:00Z' });
      expect(refused.body.code).toBe('slot_taken');
      // The next try waits (back-off): the stored copy stays.
      const [row] = await t.db.select().from(calendarConnections);
      expect(row?.failures).toBeGreaterThanOrEqual(1);
      expect(row?.syncAfter.getTime()).toBeGreaterThan(t.clock.now().getTime());
    } finally {
      await radicale.start();
    }
    t.clock.advanceMinutes(30);
    await t.app.jobs.schedulePeriodic();
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [c] = (await studio.get<{ data: CalendarConnection[] }>('/api/calendar-connections')).body.data;
    expect(c?.failing_since).toBeNull();
  });
});

const read = (text: string) => {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const e = new ICAL.Event(vevent);
  return { uid: e.uid, sequence: e.sequence, start: e.startDate.toJSDate().toISOString(), summary: e.summary, location: e.location };
};
/** The events of a calendar, by start. */
const eventsIn = async (url: string) =>
  (await radicale.objects(url)).map((o) => read(o.ics)).sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));

describe('bookings written to the calendar', () => {
  it('a booking becomes one event, moved in place (same UID, higher SEQUENCE), deleted when cancelled, and is not read back as busy', async () => {
    const url = await newCalendar();
    await connectOnly(url, { writes: true });
    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    const held = await ana.post<{ data: { id: string } }>('/api/appointments', {
      service_id: massage.id,
      starts_at: '2026-03-03T10:00:00Z',
    });
    const id = held.body.data.id;
    expect((await ana.post(`/api/appointments/${id}/confirm-without-payment`)).status).toBe(200);
    let objects = await radicale.objects(url);
    expect(objects).toHaveLength(1);
    expect(read(objects[0]?.ics ?? '')).toEqual({
      uid: `${id}@slotted`,
      sequence: 0,
      start: '2026-03-03T10:00:00.000Z',
      summary: 'Massage — Ana',
      location: 'Calle Mayor 1',
    });
    // Its own event is not busy time: only the booking blocks 11:00.
    expect(await t.db.select().from(calendarBusyTimes)).toEqual([]);

    expect((await studio.post(`/api/appointments/${id}/reschedule`, { starts_at: '2026-03-04T12:00:00Z' })).status).toBe(200);
    objects = await radicale.objects(url);
    expect(objects).toHaveLength(1);
    expect(read(objects[0]?.ics ?? '')).toMatchObject({ uid: `${id}@slotted`, sequence: 1, start: '2026-03-04T12:00:00.000Z' });

    expect((await studio.post(`/api/appointments/${id}/cancel`)).status).toBe(200);
    expect(await radicale.objects(url)).toEqual([]);
    expect(await t.db.select().from(calendarBookingEvents).where(eq(calendarBookingEvents.appointmentId, id))).toEqual([]);
  });

  it('retries through the job queue when the server is down', async () => {
    const url = await newCalendar();
    await connectOnly(url, { writes: true });
    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    await radicale.stop();
    let id: string;
    try {
      const held = await ana.post<{ data: { id: string } }>('/api/appointments', {
        service_id: massage.id,
        starts_at: '2026-03-03T10:00:00Z',
      });
      id = held.body.data.id;
      expect((await ana.post(`/api/appointments/${id}/confirm-without-payment`)).status).toBe(200);
    } finally {
      await radicale.start();
    }
    expect(await radicale.objects(url)).toEqual([]);
    t.clock.advanceMinutes(1);
    await t.app.jobs.runDue();
    expect((await radicale.objects(url)).map((o) => read(o.ics).uid)).toEqual([`${id}@slotted`]);
  });
});

describe('class occurrences written to the calendar', () => {
  let yoga: typeof services.$inferSelect;
  beforeEach(async () => {
    yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', capacity: 8, durationMinutes: 60, location: 'Studio 2' });
  });

  /** A one-off Yoga class at `startAt` (provider-local), made as the timetable page makes it; its occurrence's id. */
  async function scheduleYoga(startAt: string): Promise<number> {
    expect((await studio.post('/api/repeaters', { service_id: yoga.id, start_at: startAt, repeat_every: null })).status).toBe(201);
    const [slot] = await t.db
      .select()
      .from(slots)
      .where(eq(slots.startsAt, new Date(`${startAt.replace(' ', 'T')}:00+01:00`)));
    return must(slot, 'the new occurrence').id;
  }

  async function bookYoga(client: Agent, slotId: number): Promise<string> {
    const held = await client.post<{ data: { id: string } }>('/api/appointments', { service_id: yoga.id, slot_id: slotId });
    expect(held.status).toBe(201);
    expect((await client.post(`/api/appointments/${held.body.data.id}/confirm-without-payment`)).status).toBe(200);
    return held.body.data.id;
  }

  it('each scheduled occurrence is one event with its places taken, updated in place on every booking and cancellation, deleted when the class is cancelled', async () => {
    const url = await newCalendar();
    await connectOnly(url, { writes: true });
    const slotId = await scheduleYoga('2026-03-05 18:00');
    expect(await eventsIn(url)).toEqual([
      {
        uid: `class-${slotId}@slotted`,
        sequence: 0,
        start: '2026-03-05T17:00:00.000Z',
        summary: 'Yoga — places taken 0/8',
        location: 'Studio 2',
      },
    ]);

    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    const ben = await signIn(t, await buildUser(t, { name: 'Ben' }));
    const anas = await bookYoga(ana, slotId);
    await bookYoga(ben, slotId);
    let events = await eventsIn(url);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: `class-${slotId}@slotted`, sequence: 2, summary: 'Yoga — places taken 2/8' });
    expect((await radicale.objects(url))[0]?.ics).toContain('2 of 8 places taken: Ana\\, Ben');

    expect((await ana.post(`/api/appointments/${anas}/cancel`)).status).toBe(200);
    events = await eventsIn(url);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: `class-${slotId}@slotted`, sequence: 3, summary: 'Yoga — places taken 1/8' });
    // Slotted's own class events are not read back as busy time.
    expect(await t.db.select().from(calendarBusyTimes)).toEqual([]);

    expect((await studio.request('DELETE', `/api/slots/${slotId}?upcoming=0`)).status).toBe(204);
    expect(await radicale.objects(url)).toEqual([]);
    expect(await t.db.select().from(calendarClassEvents)).toEqual([]);
  });

  it('a class booking moved to another occurrence updates both events', async () => {
    const url = await newCalendar();
    await connectOnly(url, { writes: true });
    const thu = await scheduleYoga('2026-03-05 18:00');
    const fri = await scheduleYoga('2026-03-06 18:00');
    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    const id = await bookYoga(ana, thu);
    expect((await eventsIn(url)).map((e) => e.summary)).toEqual(['Yoga — places taken 1/8', 'Yoga — places taken 0/8']);
    expect((await ana.post(`/api/appointments/${id}/reschedule`, { slot_id: fri })).status).toBe(200);
    expect((await eventsIn(url)).map((e) => [e.uid, e.summary])).toEqual([
      [`class-${thu}@slotted`, 'Yoga — places taken 0/8'],
      [`class-${fri}@slotted`, 'Yoga — places taken 1/8'],
    ]);
  });

  it('is retried through the job queue when the server is down', async () => {
    const url = await newCalendar();
    await connectOnly(url, { writes: true });
    const slotId = await scheduleYoga('2026-03-05 18:00');
    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    await radicale.stop();
    try {
      await bookYoga(ana, slotId);
    } finally {
      await radicale.start();
    }
    expect((await eventsIn(url)).map((e) => e.summary)).toEqual(['Yoga — places taken 0/8']);
    t.clock.advanceMinutes(1);
    await t.app.jobs.runDue();
    expect((await eventsIn(url)).map((e) => e.summary)).toEqual(['Yoga — places taken 1/8']);
  });
});

describe('picking the calendar to write to', () => {
  it('writes every upcoming booking and class made before, moves them when another calendar is picked, and removes them when none is', async () => {
    const first = await newCalendar('First');
    const second = await newCalendar('Second');
    const c = await connectOnly(first, { blocks: false });
    const yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', capacity: 8 });
    expect((await studio.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-03-05 18:00', repeat_every: null })).status).toBe(
      201,
    );
    const ana = await signIn(t, await buildUser(t, { name: 'Ana' }));
    const held = await ana.post<{ data: { id: string } }>('/api/appointments', {
      service_id: massage.id,
      starts_at: '2026-03-03T10:00:00Z',
    });
    const id = held.body.data.id;
    expect((await ana.post(`/api/appointments/${id}/confirm-without-payment`)).status).toBe(200);
    // A booking already over is history: it is not written.
    const past = await buildAppointment(t, { client: await buildUser(t), service: massage, startsAt: new Date('2026-03-02T06:00:00Z') });
    expect(await radicale.objects(first)).toEqual([]);

    const pick = (url: string | null) =>
      studio.post(`/api/calendar-connections/${c.id}`, {
        calendars: [first, second].map((k) => ({ url: k, blocks: false, writes: k === url })),
      });
    expect((await pick(first)).status).toBe(200);
    const [slot] = await t.db.select().from(slots);
    const written = [
      { uid: `${id}@slotted`, summary: 'Massage — Ana' },
      { uid: `class-${must(slot, 'slot').id}@slotted`, summary: 'Yoga — places taken 0/8' },
    ];
    expect((await eventsIn(first)).map(({ uid, summary }) => ({ uid, summary }))).toEqual(written);
    expect((await eventsIn(first)).some((e) => e.uid === `${past.id}@slotted`)).toBe(false);

    expect((await pick(second)).status).toBe(200);
    expect(await radicale.objects(first)).toEqual([]);
    expect((await eventsIn(second)).map(({ uid, summary }) => ({ uid, summary }))).toEqual(written);

    expect((await pick(null)).status).toBe(200);
    expect(await radicale.objects(second)).toEqual([]);
    expect(await t.db.select().from(calendarBookingEvents)).toEqual([]);
    expect(await t.db.select().from(calendarClassEvents)).toEqual([]);
  });

  it('writes to one calendar across connections: picking one unpicks another connection’s', async () => {
    const first = await newCalendar('First');
    const second = await newCalendar('Second');
    const a = await connectOnly(first, { blocks: false, writes: true });
    const b = await connectOnly(second, { blocks: false, writes: true });
    const list = (await studio.get<{ data: CalendarConnection[] }>('/api/calendar-connections')).body.data;
    const writing = list.flatMap((c) => c.calendars.filter((k) => k.writes).map((k) => [c.id, k.url]));
    expect(writing).toEqual([[b.id, second]]);
    expect(a.id).not.toBe(b.id);
  });
});

/**
 * A proxy in front of Radicale that can hold calendar reads (REPORT) until released: a reading
 * caught in the middle, to change the choice meanwhile.
 */
async function holdingProxy() {
  const target = new URL(radicale.url);
  let holding = false;
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
    const forward = () => {
      const out = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    };
    if (holding && req.method === 'REPORT') held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      holding = true;
    },
    /** Resolves once a read is being held. */
    async caught() {
      for (let i = 0; i < 200 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      if (held.length === 0) throw new Error('no calendar read came');
    },
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('a newly ticked calendar', () => {
  it('blocks its times as soon as it is saved, without waiting for the next reading', async () => {
    const quiet = await newCalendar('Quiet');
    const personal = await newCalendar('Personal');
    await radicale.put(personal, 'gym', ics(event('gym', 'DTSTART:20260303T100000Z', 'DTEND:20260303T110000Z')));
    const c = await connectOnly(quiet);
    expect(times(await slotsOf('2026-03-03', '2026-03-03'), '2026-03-03')).toEqual(ALL_DAY);
    const ticked = await studio.post<Connection>(`/api/calendar-connections/${c.id}`, {
      calendars: [
        { url: quiet, blocks: true, writes: false },
        { url: personal, blocks: true, writes: false },
      ],
    });
    expect(ticked.status).toBe(200);
    expect(times(await slotsOf('2026-03-03', '2026-03-03'), '2026-03-03')).toEqual(without('11:00'));
  });

  it('ticked while a reading is under way, is read straight after it rather than at the next reading', async () => {
    const quiet = await newCalendar('Quiet');
    const personal = await newCalendar('Personal');
    await radicale.put(personal, 'gym', ics(event('gym', 'DTSTART:20260303T100000Z', 'DTEND:20260303T110000Z')));
    const proxy = await holdingProxy();
    try {
      const created = await connect(studio, { server_url: proxy.url });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const only = (blocking: string[]) =>
        created.body.data.calendars.map((k) => ({
          url: k.url,
          blocks: blocking.some((b) => k.url.endsWith(new URL(b).pathname)),
          writes: false,
        }));
      expect((await studio.post(`/api/calendar-connections/${id}`, { calendars: only([quiet]) })).status).toBe(200);

      // A reading of Quiet starts and is held at the server...
      proxy.hold();
      await t.app.jobs.enqueue(t.db, 'calendar.sync', { connectionId: id }, { key: `calendar.sync:${id}` });
      const reading = t.app.jobs.runDue();
      await proxy.caught();
      // ...while Personal is ticked: the save's own reading is not added, this one is under way.
      const saving = studio.post(`/api/calendar-connections/${id}`, { calendars: only([quiet, personal]) });
      for (let i = 0; i < 200; i++) {
        const [row] = await t.db.select().from(calendarConnections).where(eq(calendarConnections.id, id));
        if (row?.calendars.filter((k) => k.blocks).length === 2) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      proxy.release();
      await reading;
      expect((await saving).status).toBe(200);
      expect(times(await slotsOf('2026-03-03', '2026-03-03'), '2026-03-03')).toEqual(without('11:00'));
    } finally {
      proxy.release();
      await proxy.close();
    }
  });
});
