/**
 * A provider open around the clock (UTC) with a 60-minute and a 90-minute appointment service and
 * a 20-seat class occurrence, plus many signed-in clients — built straight into the database
 * (factories.ts), so hundreds of clients cost a fraction of a second. Shared by the race tests
 * and the race benchmark.
 */
import type { Db } from '../../src/db/client.ts';
import {
  buildOccurrence,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  buildWorkDays,
  startSession,
  type Store,
} from './factories.ts';

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
  const store: Store = { db, clock: { now: () => now } };
  const provider = await buildProvider(store, {
    email: 'race-provider@example.com',
    name: 'Race Studio',
    username: 'race',
    timezone: 'UTC',
  });
  await buildWorkDays(store, provider, { weekdays: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' });
  await buildPolicy(store, provider, { minHoursBeforeBooking: 0, maxDaysBeforeBooking: 30, minHoursBeforeCancellation: 24 });
  const short = await buildService(store, provider, { name: 'Short', priceCents: 4000, durationMinutes: 60 });
  const long = await buildService(store, provider, { name: 'Long', priceCents: 6000, durationMinutes: 90 });
  const klass = await buildService(store, provider, { name: 'Class', type: 'class', priceCents: 1200, durationMinutes: 60, capacity: 20 });
  const day = Math.floor(now.getTime() / (24 * HOUR)) + 3;
  const occurrence = await buildOccurrence(store, klass, new Date(day * 24 * HOUR + 20 * HOUR));

  const config = { secure: false, sessionSecret: opts.sessionSecret };
  const clients = await Promise.all(
    Array.from({ length: opts.clients }, async (_, i): Promise<RaceClient> => {
      const client = await buildUser(store, { email: `race-client-${i}@example.com`, name: `Client ${i}`, timezone: 'UTC' });
      const session = await startSession(store, config, client);
      return { cookie: `${session.name}=${session.value}; XSRF-TOKEN=${session.xsrf}`, xsrf: session.xsrf };
    }),
  );

  return {
    shortService: short.id,
    longService: long.id,
    classService: klass.id,
    classSlot: occurrence.id,
    appointmentStart: new Date(day * 24 * HOUR + 10 * HOUR).toISOString(),
    clients,
  };
}

export function bookingHeaders(client: RaceClient): Record<string, string> {
  return { cookie: client.cookie, 'x-xsrf-token': client.xsrf, 'content-type': 'application/json', accept: 'application/json' };
}
