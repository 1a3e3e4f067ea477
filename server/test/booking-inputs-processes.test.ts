/**
 * A booking is checked against the provider's data as it stands when the booking takes the
 * provider's lock, whichever process makes it
 * (docs/decisions/0021-booking-inputs-checked-under-the-lock.md). Each process keeps the provider's
 * hours, time off, policy and services for booking; a change made through another process a moment
 * earlier decides the booking all the same, without waiting for its change notification.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { services, users } from '../src/db/schema.ts';
import type { Agent } from './support/agent.ts';
import { buildOccurrence, buildProvider, buildService, buildUser, savePolicies, signIn } from './support/factories.ts';
import type { TestApp } from './support/test-app.ts';
import { twoApps, type TwoApps } from './support/two-apps.ts';

let apps: TwoApps;
let writer: TestApp; // the instance the provider uses
let reader: TestApp; // another instance on the same database (its own pool on PostgreSQL), that the client books through
let studio: typeof users.$inferSelect;
let provider: Agent;
let client: Agent;
let massage: typeof services.$inferSelect;

beforeEach(async () => {
  apps = await twoApps();
  ({ writer, reader } = apps);
  studio = await buildProvider(writer, { username: 'studio', name: 'Studio' });
  provider = await signIn(writer, studio);
  client = await signIn(reader, await buildUser(writer));
  massage = await buildService(writer, studio, { name: 'Massage', durationMinutes: 60 });
});
afterEach(() => apps.close());

// The apps' clock: Monday 2026-11-23, 10:00 in Madrid (the provider's zone; UTC+1).
const MON_12 = '2026-11-23T11:00:00Z';
const MON_13 = '2026-11-23T12:00:00Z';
const TUE_09 = '2026-11-24T08:00:00Z';
const TUE_10 = '2026-11-24T09:00:00Z';
const SAT_09 = '2026-11-28T08:00:00Z';

const book = async (body: { service_id: number; starts_at?: string; slot_id?: number }) =>
  (await client.post<{ code?: string }>('/api/appointments', body)).status;
const bookMassage = (startsAt: string) => book({ service_id: massage.id, starts_at: startsAt });
const ok = (res: { status: number }) => expect(res.status).toBeLessThan(300);
/** Monday to Friday 08:00–17:00, and Saturday if `saturday` gives its hours. */
const week = (saturday: { from: string; to: string } | null, closed: number[] = []) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    available: (weekday <= 5 && !closed.includes(weekday)) || (weekday === 6 && saturday !== null),
    from: weekday === 6 && saturday ? saturday.from : '08:00',
    to: weekday === 6 && saturday ? saturday.to : '17:00',
  }));
const policy = (change: object) => savePolicies(provider, change);

describe('a booking through another process, just after the provider changed their data', () => {
  it('is refused on a day the provider just closed', async () => {
    expect(await bookMassage(TUE_09)).toBe(201); // the reader keeps the provider's data from here on
    ok(await provider.post('/api/work-days', { data: week(null, [2]) }));
    expect(await bookMassage(TUE_10)).toBe(409);
  });

  it('is taken on a day the provider just opened', async () => {
    expect(await bookMassage(SAT_09)).toBe(409);
    ok(await provider.post('/api/work-days', { data: week({ from: '08:00', to: '10:00' }) }));
    expect(await bookMassage(SAT_09)).toBe(201);
  });

  it('is refused in time off just added', async () => {
    expect(await bookMassage(TUE_09)).toBe(201);
    const off = { from_date: '2026-11-24', from_time: '08:00', until_date: '2026-11-24', until_time: '12:00', note: '' };
    ok(await provider.post('/api/time-off', off));
    expect(await bookMassage(TUE_10)).toBe(409);
  });

  it('is refused inside a notice just lengthened, for an appointment and for a class', async () => {
    const yoga = await buildService(writer, studio, { name: 'Yoga', type: 'class', durationMinutes: 60, capacity: 4 });
    const tomorrow = await buildOccurrence(writer, yoga, TUE_10);
    const today = await buildOccurrence(writer, yoga, MON_13);
    expect(await bookMassage(TUE_09)).toBe(201);
    expect(await book({ service_id: yoga.id, slot_id: tomorrow.id })).toBe(201);
    ok(await policy({ min_hours_before_booking: 4 }));
    // Two and three hours ahead: open under the old notice of one hour.
    expect(await bookMassage(MON_12)).toBe(409);
    expect(await book({ service_id: yoga.id, slot_id: today.id })).toBe(409);
  });

  it('is answered 404 for a service just deleted', async () => {
    expect(await bookMassage(TUE_09)).toBe(201);
    ok(await provider.request('DELETE', `/api/services/${massage.id}`));
    expect(await bookMassage(TUE_10)).toBe(404);
  });
});
