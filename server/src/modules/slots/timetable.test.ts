import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileTimetableResponse } from '@slotted/contract';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildAppointment, buildOccurrence, buildProvider, buildService, buildUser, signIn } from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import type { services, users } from '../../db/schema.ts';
import { must } from '../../../test/support/must.ts';

// Monday 2026-11-23 09:00 UTC = 10:00 in Madrid. Notice 1 h, 30 days ahead by default.
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
    capacity: 3,
    location: 'Room 1',
  });
  await buildService(t, studio, { name: 'Massage', priceCents: 4000, durationMinutes: 60 });
});
afterEach(async () => {
  await t.close();
});

const timetable = async (query = '') => t.agent().get<ProfileTimetableResponse>(`/api/profile/studio/timetable${query}`);

describe('GET /api/profile/{username}/timetable', () => {
  it('lists the week’s classes day by day in the viewer’s zone, with places left and whether each can be booked', async () => {
    await provider.post('/api/repeaters', {
      service_id: yoga.id,
      start_at: '2026-11-24 18:00',
      repeat_every: '1w',
      weekdays: ['tue', 'thu'],
    });
    const soon = await buildOccurrence(t, yoga, '2026-11-23T09:30:00Z'); // 10:30 Madrid: inside the hour's notice
    const [ana, bo, cy] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const full = await buildOccurrence(t, yoga, '2026-11-25T08:00:00Z');
    for (const client of [ana, bo, cy]) await buildAppointment(t, { client, service: yoga, slot: full });
    await buildAppointment(t, { client: ana, service: yoga, slot: soon, status: 'held' });

    const res = await timetable('?timezone=Europe%2FMadrid');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const body = res.body;
    expect(body.meta).toEqual({ timezone: 'Europe/Madrid', from: '2026-11-23', to: '2026-11-29', next_from: '2026-11-30' });
    // Every day of the week, those without classes too; only classes (the 1:1 service is not listed).
    expect(body.data.map((d) => [d.weekday, d.day, d.month, d.classes.map((c) => c.time)])).toEqual([
      ['Mon', 23, 'Nov', ['10:30']],
      ['Tue', 24, 'Nov', ['18:00']],
      ['Wed', 25, 'Nov', ['09:00']],
      ['Thu', 26, 'Nov', ['18:00']],
      ['Fri', 27, 'Nov', []],
      ['Sat', 28, 'Nov', []],
      ['Sun', 29, 'Nov', []],
    ]);
    const [monday, tuesday, wednesday] = body.data;
    // A live hold takes a place; a class inside the booking notice cannot be booked any more.
    expect(must(monday, 'Monday').classes[0]).toMatchObject({ places_left: 2, capacity: 3, bookable: false });
    expect(must(tuesday, 'Tuesday').classes[0]).toEqual({
      slot_id: expect.any(String),
      service: { id: yoga.id, name: 'Yoga', duration: 60, location: 'Room 1' },
      date: '2026-11-24',
      time: '18:00',
      until: '19:00',
      starts_at: '2026-11-24T17:00:00.000Z',
      ends_at: '2026-11-24T18:00:00.000Z',
      capacity: 3,
      places_left: 3,
      bookable: true,
    });
    expect(must(wednesday, 'Wednesday').classes[0]).toMatchObject({ places_left: 0, bookable: false });

    // The next week on request, in another zone: the same Tuesday class at New York's 12:00.
    const next = (await timetable('?timezone=America%2FNew_York&from=2026-11-30&days=14')).body;
    expect(next.meta).toMatchObject({ from: '2026-11-30', to: '2026-12-13' });
    expect(next.data.find((d) => d.date === '2026-12-01')?.classes.map((c) => c.time)).toEqual(['12:00']);
  });

  it('leaves out cancelled classes and deleted services, and answers a cached copy with 304', async () => {
    const gone = await buildService(t, studio, { name: 'Gone', type: 'class', durationMinutes: 45, capacity: 5 });
    await buildOccurrence(t, gone, '2026-11-24T10:00:00Z');
    const cancelled = await buildOccurrence(t, yoga, '2026-11-24T12:00:00Z');
    await provider.request('DELETE', `/api/services/${gone.id}`);
    await provider.request('DELETE', `/api/slots/${cancelled.id}`);
    const res = await timetable();
    expect(res.body.data.flatMap((d) => d.classes)).toEqual([]);
    const again = await t
      .agent()
      .request('GET', '/api/profile/studio/timetable', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown provider and 422 for a bad window', async () => {
    expect((await t.agent().get('/api/profile/nobody/timetable')).status).toBe(404);
    const bad = await t.agent().get<{ errors: Record<string, string[]> }>('/api/profile/studio/timetable?days=40&from=tomorrow');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['days', 'from']);
  });
});
