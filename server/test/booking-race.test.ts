/**
 * No overbooking under concurrency (docs/product-rules.md#booking): many simultaneous requests for
 * the same time or class. On PostgreSQL through two app processes sharing one database; on PGlite
 * in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, slots } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { startApp, type RunningApp } from './support/app-process.ts';
import { bookingHeaders, raceFixture, type RaceFixture } from './support/race-fixture.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { engine, freshDatabase } from './support/test-db.ts';

const SECRET = 'race-secret-race-secret-race-secret-0123';
// Every simulated client comes from this machine's one address: lift the per-address booking limit.
const ONE_ADDRESS = { BOOKING_LIMIT_PER_IP: '100000' };
type Send = (i: number, body: object) => Promise<number>;

let db: Db;
let fixture: RaceFixture;
let send: Send;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (engine === 'postgres') {
    const database = await freshDatabase({ poolSize: 4 });
    db = database.db;
    fixture = await raceFixture(db, { clients: 200, sessionSecret: SECRET });
    const env = { DATABASE_URL: database.url!, SESSION_SECRET: SECRET, SEED_DEMO: 'false', NODE_ENV: 'test', ...ONE_ADDRESS };
    const apps: RunningApp[] = await Promise.all([startApp(env), startApp(env)]);
    cleanup.push(async () => {
      await Promise.all(apps.map((a) => a.stop()));
      await database.close();
    });
    // Requests alternate between the two processes.
    send = async (i, body) => {
      const res = await fetch(`${apps[i % 2]!.url}/api/appointments`, {
        method: 'POST',
        headers: bookingHeaders(fixture.clients[i]!),
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
  } else {
    const t: TestApp = await createTestApp({ env: { SESSION_SECRET: SECRET, ...ONE_ADDRESS } });
    db = t.db;
    fixture = await raceFixture(db, { clients: 200, sessionSecret: SECRET, now: t.clock.now() });
    cleanup.push(() => t.close());
    send = async (i, body) =>
      (await t.app.inject({ method: 'POST', url: '/api/appointments', headers: bookingHeaders(fixture.clients[i]!), payload: body }))
        .statusCode;
  }
}, 120_000);

afterAll(async () => {
  for (const c of cleanup) await c();
});

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

// Hundreds of requests queue on one provider's lock: give them time on a slow or busy machine.
describe(`booking races on ${engine}`, { timeout: 120_000 }, () => {
  it('100 simultaneous requests for one appointment time: exactly one wins', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send(i, { service_id: fixture.shortService, starts_at: fixture.appointmentStart })),
    );
    expect(tally(statuses)).toEqual({ 201: 1, 409: 99 });
    const held = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.serviceId, fixture.shortService), inArray(appointments.status, ['held', 'confirmed'])));
    expect(held).toHaveLength(1);
  });

  it('200 simultaneous requests for a 20-seat class: exactly 20 places', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(i, { service_id: fixture.classService, slot_id: fixture.classSlot })),
    );
    expect(tally(statuses)).toEqual({ 201: 20, 409: 180 });
    const places = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, fixture.classSlot), inArray(appointments.status, ['held', 'confirmed'])));
    expect(places).toHaveLength(20);
    expect(new Set(places.map((p) => p.clientId)).size).toBe(20);
    const [slot] = await db.select().from(slots).where(eq(slots.id, fixture.classSlot));
    expect(slot!.seatsTaken).toBe(20);
  });

  it('overlapping times of two services of one provider never both survive', async () => {
    // Short (60 min) at 14:00 and Long (90 min, starts every 90 minutes from midnight) at 13:30 overlap for an hour.
    const day = fixture.appointmentStart.slice(0, 10);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send(
          100 + i,
          i % 2 === 0
            ? { service_id: fixture.shortService, starts_at: `${day}T14:00:00Z` }
            : { service_id: fixture.longService, starts_at: `${day}T13:30:00Z` },
        ),
      ),
    );
    expect(tally(statuses)).toEqual({ 201: 1, 409: 99 });
    const active = await db
      .select()
      .from(appointments)
      .where(
        and(
          inArray(appointments.serviceId, [fixture.shortService, fixture.longService]),
          inArray(appointments.status, ['held', 'confirmed']),
        ),
      );
    for (const a of active) {
      for (const b of active) {
        if (a.id !== b.id)
          expect(a.startsAt < b.endsAt && b.startsAt < a.endsAt, `${a.startsAt.toISOString()} overlaps ${b.startsAt.toISOString()}`).toBe(
            false,
          );
      }
    }
  });
});
