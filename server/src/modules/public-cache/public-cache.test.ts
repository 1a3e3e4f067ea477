/**
 * Public answers are cached per process (docs/decisions/0008-public-data-version.md,
 * docs/decisions/0017-pushed-provider-changes.md): a write made through one app instance is seen
 * by another instance on the same database once its change notification has arrived (on
 * PostgreSQL the helpers wait for that; the rule allows a second), by the next read when
 * notifications are lost, and repeat requests for unchanged answers get a 304.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublicProfile, ServiceSlotsResponse } from '@slotted/contract';
import type { Database } from '../../db/client.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { buildAppointment, buildProvider, buildService, buildUser, savePolicies, signIn } from '../../../test/support/factories.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { twoApps, type TwoApps } from '../../../test/support/two-apps.ts';
import { engine } from '../../../test/support/test-db.ts';
import { changesDelivered, changesLive } from '../../../test/support/changes-delivered.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/change-notifications.ts';
import type { services, users } from '../../db/schema.ts';

// The test clock starts on Monday 2026-11-23 09:00 UTC (10:00 in Madrid); default hours Mon–Fri 08:00–17:00.
let apps: TwoApps;
let database: Database;
let readerDatabase: Database;
let writer: TestApp; // the instance the provider uses
let reader: TestApp; // another instance, on the same database, that a visitor uses
let studio: typeof users.$inferSelect;
let provider: Agent;
let visitor: Agent;
let massage: typeof services.$inferSelect;

beforeEach(async () => {
  apps = await twoApps();
  ({ database, writer, reader, readerDatabase } = apps);
  studio = await buildProvider(writer, { username: 'studio', name: 'Studio' });
  provider = await signIn(writer, studio);
  visitor = reader.agent();
  massage = await buildService(writer, studio, { name: 'Massage', durationMinutes: 60 });
});
afterEach(() => apps.close());

/** Writes so far have reached the reader (see changesDelivered). */
const delivered = () => changesDelivered(database, readerDatabase);
const profileOn = async (a: Agent) => {
  await delivered();
  return (await a.get<{ data: PublicProfile }>('/api/profile/studio')).body.data;
};
const slotsOn = async (a: Agent, serviceId = massage.id) => {
  await delivered();
  return (await a.get<ServiceSlotsResponse>(`/api/services/${serviceId}/slots?timezone=Europe/Madrid`)).body;
};
const times = (body: ServiceSlotsResponse, date: string) => body.data.find((d) => d.date === date)?.slots.map((s) => s.time) ?? [];
/** The times of a day a visitor can still book (a time taken by a booking or a class is listed as taken). */
const free = (body: ServiceSlotsResponse, date: string) =>
  body.data
    .find((d) => d.date === date)
    ?.slots.filter((s) => s.available && !s.taken)
    .map((s) => s.time) ?? [];
const ok = (res: { status: number }) => expect(res.status).toBeLessThan(300);

describe('the public profile, read on another instance after a write', () => {
  it('shows new account settings', async () => {
    expect((await profileOn(visitor)).name).toBe('Studio');
    ok(await provider.postForm('/api/me', { name: 'Studio Flow', bio: 'Breathe.', username: 'studio', is_provider: '1' }));
    expect(await profileOn(visitor)).toMatchObject({ name: 'Studio Flow', bio: 'Breathe.' });
    expect((await profileOn(provider)).name).toBe('Studio Flow'); // and the provider sees it on their own instance
  });

  it('shows services added, changed and deleted', async () => {
    expect((await profileOn(visitor)).services.map((s) => s.name)).toEqual(['Massage']);
    const yoga = { name: 'Yoga', type: 'class', description: '', price: 12, duration: 60, location: 'Studio A', capacity: 8 };
    const created = await provider.post<{ data: { id: number } }>('/api/services', yoga);
    ok(created);
    expect((await profileOn(visitor)).services.map((s) => s.name)).toEqual(['Massage', 'Yoga']);
    ok(await provider.request('PUT', `/api/services/${created.body.data.id}`, { json: { ...yoga, name: 'Aerial Yoga' } }));
    expect((await profileOn(visitor)).services.map((s) => s.name)).toEqual(['Aerial Yoga', 'Massage']);
    ok(await provider.request('DELETE', `/api/services/${created.body.data.id}`));
    expect((await profileOn(visitor)).services.map((s) => s.name)).toEqual(['Massage']);
  });

  it('shows plans added and deleted', async () => {
    expect((await profileOn(visitor)).plans).toEqual([]);
    const form = {
      name: 'Five sessions',
      description: '',
      price: '200',
      interval: '',
      expires_in: '3',
      benefits: JSON.stringify([]),
      services: JSON.stringify([{ quantity: 5, services: [massage.id] }]),
    };
    const created = await provider.postForm<{ data: { id: number } }>('/api/plans', form);
    ok(created);
    expect((await profileOn(visitor)).plans.map((p) => p.name)).toEqual(['Five sessions']);
    ok(await provider.request('DELETE', `/api/plans/${created.body.data.id}`));
    expect((await profileOn(visitor)).plans).toEqual([]);
  });

  it('shows a new cancellation policy', async () => {
    expect((await profileOn(visitor)).policy.min_hours_before_cancellation).toBe(24);
    ok(await policy({ min_hours_before_cancellation: 4 }));
    expect((await profileOn(visitor)).policy.min_hours_before_cancellation).toBe(4);
  });

  it('counts bookings at once, which change no version', async () => {
    expect((await profileOn(visitor)).services[0]).toMatchObject({ paid_appointments: 0, cancelled_appointments: 0 });
    const client = await buildUser(writer);
    await buildAppointment(writer, { client, service: massage, startsAt: '2026-11-24T09:00:00Z' }, { paidAt: writer.clock.now() });
    await buildAppointment(writer, { client, service: massage, startsAt: '2026-11-24T10:00:00Z', status: 'cancelled' });
    expect((await profileOn(visitor)).services[0]).toMatchObject({ paid_appointments: 1, cancelled_appointments: 1 });
  });
});

const policy = (change: object) => savePolicies(provider, change);

describe('the slots, read on another instance after a write', () => {
  it('follow new working hours', async () => {
    expect(times(await slotsOn(visitor), '2026-11-28')).toEqual([]); // Saturday
    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      available: weekday <= 6,
      from: '08:00',
      to: weekday === 6 ? '10:00' : '17:00',
    }));
    ok(await provider.post('/api/work-days', { data: week }));
    expect(times(await slotsOn(visitor), '2026-11-28')).toEqual(['08:00', '09:00']);
  });

  it('follow a new booking policy', async () => {
    expect(times(await slotsOn(visitor), '2026-11-23')[0]).toBe('11:00');
    ok(await policy({ min_hours_before_booking: 4 }));
    expect(times(await slotsOn(visitor), '2026-11-23')[0]).toBe('14:00');
    ok(await policy({ max_days_before_booking: 7 }));
    expect((await slotsOn(visitor)).meta.max_days_before_booking).toBe(7);
  });

  it('follow time off added, changed and deleted', async () => {
    expect(times(await slotsOn(visitor), '2026-11-24')).toHaveLength(9);
    const off = { from_date: '2026-11-24', from_time: '08:00', until_date: '2026-11-24', until_time: '12:00', note: '' };
    const added = await provider.post<{ data: { id: number } }>('/api/time-off', off);
    ok(added);
    expect(times(await slotsOn(visitor), '2026-11-24')[0]).toBe('12:00');
    ok(await provider.request('PUT', `/api/time-off/${added.body.data.id}`, { json: { ...off, until_time: '14:00' } }));
    expect(times(await slotsOn(visitor), '2026-11-24')[0]).toBe('14:00');
    ok(await provider.request('DELETE', `/api/time-off/${added.body.data.id}`));
    expect(times(await slotsOn(visitor), '2026-11-24')).toHaveLength(9);
  });

  it('follow the holiday country and the holidays the provider works', async () => {
    expect(times(await slotsOn(visitor), '2026-12-08')).toHaveLength(9); // a Tuesday, a public holiday in Spain
    ok(await provider.post('/api/holidays/country', { country: 'ES' }));
    expect(times(await slotsOn(visitor), '2026-12-08')).toEqual([]);
    ok(await provider.post('/api/holidays/choice', { date: '2026-12-08', available: true }));
    expect(times(await slotsOn(visitor), '2026-12-08')).toHaveLength(9);
  });

  it('follow a new duration of the service, and a new class timetable', async () => {
    expect(times(await slotsOn(visitor), '2026-11-24')).toHaveLength(9);
    const changed = { name: 'Massage', type: 'appointment', description: '', price: 40, duration: 120, location: '' };
    ok(await provider.request('PUT', `/api/services/${massage.id}`, { json: changed }));
    expect(times(await slotsOn(visitor), '2026-11-24')).toEqual(['08:00', '10:00', '12:00', '14:00']);
    const yoga = await buildService(writer, studio, { name: 'Yoga', type: 'class', durationMinutes: 60, capacity: 4 });
    ok(await provider.post('/api/repeaters', { service_id: yoga.id, start_at: '2026-11-24 10:00', repeat_every: null }));
    expect(free(await slotsOn(visitor), '2026-11-24')).toEqual(['08:00', '12:00', '14:00']);
    expect(times(await slotsOn(visitor, yoga.id), '2026-11-24')).toEqual(['10:00']);
  });

  it('show a booking made through another instance at once', async () => {
    expect(free(await slotsOn(visitor), '2026-11-24')).toContain('09:00');
    await buildAppointment(writer, { client: await buildUser(writer), service: massage, startsAt: '2026-11-24T08:00:00Z' });
    expect(free(await slotsOn(visitor), '2026-11-24')).not.toContain('09:00');
  });
});

describe('ETags', () => {
  const revalidate = async (a: Agent, url: string, etag: string) => {
    await delivered();
    return a.request('GET', url, { headers: { 'if-none-match': etag } });
  };

  it('answer an unchanged profile with 304 and no body, and a changed one in full', async () => {
    const first = await visitor.get('/api/profile/studio');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await revalidate(visitor, '/api/profile/studio', etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    ok(await policy({ min_hours_before_cancellation: 4 }));
    const changed = await revalidate(visitor, '/api/profile/studio', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('change on slots when a booking takes a time, and when time passes a slot', async () => {
    const url = `/api/services/${massage.id}/slots?timezone=Europe/Madrid`;
    const etag = String((await visitor.get(url)).headers.etag);
    expect((await revalidate(visitor, url, etag)).status).toBe(304);

    await buildAppointment(writer, { client: await buildUser(writer), service: massage, startsAt: '2026-11-24T08:00:00Z' });
    const booked = await revalidate(visitor, url, etag);
    expect(booked.status).toBe(200);
    const afterBooking = String(booked.headers.etag);

    reader.clock.advanceMinutes(60); // 11:00 in Madrid is now inside the hour of notice
    const later = await revalidate(visitor, url, afterBooking);
    expect(later.status).toBe(200);
    expect(times(later.body as ServiceSlotsResponse, '2026-11-23')[0]).toBe('12:00');
  });
});

describe.runIf(engine === 'postgres')('when the notifications are lost', () => {
  it('answers from the database at once, and keeps answers again when they are back', async () => {
    expect((await profileOn(visitor)).name).toBe('Studio');
    const down = changesLive(readerDatabase, false);
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
    );
    await down;
    const rename = (name: string) => provider.postForm('/api/me', { name, username: 'studio', is_provider: '1' });
    ok(await rename('Studio Flow'));
    // No notification can come: the very next read is the database's.
    expect((await visitor.get<{ data: PublicProfile }>('/api/profile/studio')).body.data.name).toBe('Studio Flow');
    await changesLive(readerDatabase, true); // the listener reconnects within a second
    ok(await rename('Studio Two'));
    expect((await profileOn(visitor)).name).toBe('Studio Two');
  });
});
