/**
 * A provider open around the clock (UTC) with a 60-minute and a 90-minute appointment service and
 * a 20-seat class occurrence, plus many signed-in clients — written straight into the database so
 * hundreds of clients cost milliseconds. Shared by the race tests and the race benchmark.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { policies, services, sessions, slots, users, workDays } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { xsrfToken } from '../../src/plugins/auth.ts';

export interface RaceClient {
  cookie: string;
  xsrf: string;
}

export interface RaceFixture {
  shortService: number;
  longService: number;
  classService: number;
  classSlot: number;
  /** A free hour three days ahead (UTC, on the hour). */
  appointmentStart: string;
  clients: RaceClient[];
}

const HOUR = 3_600_000;

export async function raceFixture(db: Db, opts: { clients: number; sessionSecret: string; now?: Date }): Promise<RaceFixture> {
  const now = opts.now ?? new Date();
  const [provider] = await db.insert(users).values({ email: 'race-provider@example.com', name: 'Race Studio', username: 'race', isProvider: true, timezone: 'UTC' }).returning();
  await db.insert(workDays).values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ providerId: provider!.id, weekday, available: true, fromMinute: 0, toMinute: 1439 })));
  await db.insert(policies).values({ providerId: provider!.id, minHoursBeforeBooking: 0, maxDaysBeforeBooking: 30, minHoursBeforeCancellation: 24 });
  const [short] = await db.insert(services).values({ providerId: provider!.id, name: 'Short', type: 'appointment', priceCents: 4000, durationMinutes: 60, capacity: 1 }).returning();
  const [long] = await db.insert(services).values({ providerId: provider!.id, name: 'Long', type: 'appointment', priceCents: 6000, durationMinutes: 90, capacity: 1 }).returning();
  const [klass] = await db.insert(services).values({ providerId: provider!.id, name: 'Class', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 20 }).returning();
  const day = Math.floor(now.getTime() / (24 * HOUR)) + 3;
  const classStart = new Date(day * 24 * HOUR + 20 * HOUR);
  const [occurrence] = await db.insert(slots).values({ providerId: provider!.id, serviceId: klass!.id, startsAt: classStart, endsAt: new Date(classStart.getTime() + HOUR), capacity: 20 }).returning();

  const clientRows = await db
    .insert(users)
    .values(Array.from({ length: opts.clients }, (_, i) => ({ email: `race-client-${i}@example.com`, name: `Client ${i}`, timezone: 'UTC' })))
    .returning({ id: users.id });
  const clients: RaceClient[] = [];
  const sessionRows = clientRows.map((c) => {
    const raw = randomBytes(32).toString('base64url');
    const xsrf = xsrfToken(opts.sessionSecret, randomBytes(24).toString('base64url'), sha256(raw));
    clients.push({ cookie: `slotted_session=${raw}; XSRF-TOKEN=${xsrf}`, xsrf });
    return { idHash: sha256(raw), userId: c.id, expiresAt: new Date(now.getTime() + 24 * HOUR) };
  });
  await db.insert(sessions).values(sessionRows);

  return {
    shortService: short!.id,
    longService: long!.id,
    classService: klass!.id,
    classSlot: occurrence!.id,
    appointmentStart: new Date(day * 24 * HOUR + 10 * HOUR).toISOString(),
    clients,
  };
}

export function bookingHeaders(client: RaceClient): Record<string, string> {
  return { cookie: client.cookie, 'x-xsrf-token': client.xsrf, 'content-type': 'application/json', accept: 'application/json' };
}
