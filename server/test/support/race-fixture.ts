/**
 * A provider open around the clock (UTC) with a 60-minute and a 90-minute appointment service and
 * a 20-seat class occurrence, plus many signed-in clients — built straight into the database
 * (factories.ts), so hundreds of clients cost a fraction of a second. Shared by the race tests
 * and the race benchmark. `creditRaceFixture`: one client's membership and many holds to pay with it.
 */
import type { Db } from '../../src/db/client.ts';
import {
  buildAppointment,
  buildMembership,
  buildOccurrence,
  buildPlan,
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

  const clients = await Promise.all(
    Array.from(
      { length: opts.clients },
      async (_, i) => (await raceClient(store, opts.sessionSecret, `race-client-${i}`, `Client ${i}`)).client,
    ),
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

/** A signed-in client of the race, with their user row. */
async function raceClient(store: Store, sessionSecret: string, mailbox: string, name: string) {
  const user = await buildUser(store, { email: `${mailbox}@example.com`, name, timezone: 'UTC' });
  const session = await startSession(store, { secure: false, sessionSecret }, user);
  const client: RaceClient = { cookie: `${session.name}=${session.value}; XSRF-TOKEN=${session.xsrf}`, xsrf: session.xsrf };
  return { user, client };
}

export interface CreditRaceFixture {
  client: RaceClient;
  membershipId: string;
  /** The client's live holds, each in its own class occurrence. */
  holds: string[];
}

/**
 * A provider of its own (so its classes block no time of the other races) with a class held by
 * one client `holds` times, in as many occurrences three days ahead, and that client's monthly
 * membership granting `credits` places of the class, bought at `now`. The holds live ten minutes
 * from `now`.
 */
export async function creditRaceFixture(
  db: Db,
  opts: { holds: number; credits: number; sessionSecret: string; now: Date },
): Promise<CreditRaceFixture> {
  const store: Store = { db, clock: { now: () => opts.now } };
  const provider = await buildProvider(store, { name: 'Credit Studio', timezone: 'UTC' });
  const klass = await buildService(store, provider, { name: 'Credit class', type: 'class', priceCents: 1200, durationMinutes: 30 });
  const plan = await buildPlan(store, provider, { groups: [{ quantity: opts.credits, services: [klass] }] });
  const { user, client } = await raceClient(store, opts.sessionSecret, `credit-client-${provider.id}`, 'Credit client');
  const membership = await buildMembership(store, user, plan);
  const day = Math.floor(opts.now.getTime() / (24 * HOUR)) + 3;
  const holds: string[] = [];
  for (let i = 0; i < opts.holds; i++) {
    const slot = await buildOccurrence(store, klass, new Date(day * 24 * HOUR + i * HOUR));
    holds.push((await buildAppointment(store, { client: user, service: klass, slot, status: 'held' })).id);
  }
  return { client, membershipId: membership.id, holds };
}

export function bookingHeaders(client: RaceClient): Record<string, string> {
  return { cookie: client.cookie, 'x-xsrf-token': client.xsrf, 'content-type': 'application/json', accept: 'application/json' };
}
