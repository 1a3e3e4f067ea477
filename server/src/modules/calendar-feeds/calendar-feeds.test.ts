/**
 * Private calendar feeds (docs/product-rules.md#calendar-feeds): a person's confirmed bookings and
 * (for a provider) class occurrences as iCalendar, read here by a real parser.
 */
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildAppointment, buildOccurrence, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import type { users } from '../../db/schema.ts';

// The clock starts Monday 2026-11-23 09:00 UTC.
let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;

beforeEach(async () => {
  t = await createTestApp();
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio' });
  studio = await signIn(t, provider);
});

afterEach(() => t.close());

const newFeed = async (agent: Agent) => {
  const res = await agent.post<{ data: CalendarFeed }>('/api/calendar-feed');
  expect(res.status).toBe(201);
  return res.body.data;
};
const pathOf = (feed: CalendarFeed) => new URL(feed.https).pathname;

/** The feed's events as a calendar app reads them. */
async function eventsOf(feed: CalendarFeed) {
  const res = await t.agent().get<string>(pathOf(feed));
  expect(res.status).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

describe('calendar feeds', () => {
  it('show a provider’s confirmed 1:1 bookings with the client’s name and class occurrences with places taken, not cancelled ones', async () => {
    const massage = await buildService(t, provider, { name: 'Massage', durationMinutes: 60 });
    const yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', capacity: 5 });
    const ana = await buildUser(t, { email: 'ana@example.com', name: 'Ana' });
    const booking = await buildAppointment(t, { client: ana, service: massage, startsAt: '2026-11-24T10:00:00Z' });
    await buildAppointment(t, { client: ana, service: massage, startsAt: '2026-11-25T10:00:00Z', status: 'cancelled' });
    await buildAppointment(t, { client: ana, service: massage, startsAt: '2026-10-01T10:00:00Z' }); // more than 30 days back
    const slot = await buildOccurrence(t, yoga, '2026-11-26T17:00:00Z');
    await buildAppointment(t, { client: ana, service: yoga, slot });

    const feed = await newFeed(studio);
    expect(feed.webcal).toBe(feed.https.replace(/^https?:/, 'webcal:'));
    expect(pathOf(feed)).toMatch(/^\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await eventsOf(feed)).toEqual([
      {
        uid: `${booking.id}@slotted`,
        sequence: 0,
        summary: 'Massage — Ana',
        description: 'With Ana (client)',
        start: '2026-11-24T10:00:00.000Z',
      },
      expect.objectContaining({
        uid: `class-${slot.id}@slotted`,
        summary: 'Yoga',
        description: '1 of 5 places taken',
        start: '2026-11-26T17:00:00.000Z',
      }),
    ]);

    // The client's own feed has their bookings, with the UIDs of the e-mailed files, and nobody else's.
    const anaFeed = await newFeed(await signIn(t, ana));
    expect((await eventsOf(anaFeed)).map((e) => [e.summary, e.description])).toEqual([
      ['Massage', 'With Studio'],
      ['Yoga', 'With Studio'],
    ]);
    const ben = await buildUser(t, { email: 'ben@example.com', name: 'Ben' });
    expect(await eventsOf(await newFeed(await signIn(t, ben)))).toEqual([]);
  });

  it('answers with an ETag and 304 while nothing changed, and a moved booking raises its SEQUENCE', async () => {
    const massage = await buildService(t, provider, { name: 'Massage', durationMinutes: 60 });
    const ana = await buildUser(t, { email: 'ana@example.com', name: 'Ana' });
    const booking = await buildAppointment(t, { client: ana, service: massage, startsAt: '2026-11-24T10:00:00Z' });
    const feed = await newFeed(studio);
    const first = await t.agent().get<string>(pathOf(feed));
    const etag = String(first.headers.etag);
    t.clock.advanceMinutes(5);
    const again = await t.app.inject({ method: 'GET', url: pathOf(feed), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    expect((await studio.post(`/api/appointments/${booking.id}/reschedule`, { starts_at: '2026-11-25T10:00:00Z' })).status).toBe(200);
    const changed = await t.app.inject({ method: 'GET', url: pathOf(feed), headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(await eventsOf(feed)).toEqual([
      expect.objectContaining({ uid: `${booking.id}@slotted`, sequence: 1, start: '2026-11-25T10:00:00.000Z' }),
    ]);
  });

  it('a new address ends the old one at once; unknown and malformed addresses are not found; the address is private', async () => {
    expect((await t.agent().get('/api/calendar-feed')).status).toBe(401);
    expect((await studio.get<{ data: CalendarFeed | null }>('/api/calendar-feed')).body.data).toBeNull();
    const old = await newFeed(studio);
    expect((await studio.get<{ data: CalendarFeed | null }>('/api/calendar-feed')).body.data).toEqual(old);
    const fresh = await newFeed(studio);
    expect(fresh.https).not.toBe(old.https);
    expect((await t.agent().get(pathOf(old))).status).toBe(404);
    expect((await t.agent().get(pathOf(fresh))).status).toBe(200);
    expect((await t.agent().get('/feeds/not-a-token.ics')).status).toBe(404);
    expect((await t.agent().get(`/feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);
  });
});
