/**
 * Exactly one offer per freed place (docs/product-rules.md#waitlist), under concurrency: two app
 * processes on one PostgreSQL database, each running background jobs. Every round, all the places
 * of a full class are cancelled at once through both processes while other clients try to book
 * it directly; the fill jobs of the cancellations run in both processes at once. The places go to
 * the first clients in line, one each, the class is never booked beyond its capacity and nobody
 * outside the line gets in. (PGlite runs one process: skipped there, like the other two-process tests.)
 */
import { and, eq, inArray, lte, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { appointments, jobs, slots, waitlistEntries } from '../src/db/schema.ts';
import {
  buildAppointment,
  buildOccurrence,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  startSession,
  type Store,
} from './support/factories.ts';
import { type RaceClient } from './support/race-fixture.ts';
import { engine } from './support/test-db.ts';
import { RACE_SECRET, twoProcesses, type TwoProcesses } from './support/two-processes.ts';
import { must } from './support/must.ts';

const DAY = 86_400_000;
const ROUNDS = 6;
const CAPACITY = 4;
const IN_LINE = 7;
const OUTSIDERS = 6;

describe.runIf(engine === 'postgres')(
  'places freed at once in a full class with a waitlist, in two processes',
  { timeout: 300_000 },
  () => {
    let db: Db;
    let processes: TwoProcesses | undefined;

    beforeAll(async () => {
      processes = await twoProcesses({ env: { BOOKING_LIMIT_PER_USER: '100000' } });
      db = processes.db;
    }, 120_000);

    afterAll(async () => {
      await processes?.close();
    });

    const post = async (app: number, client: RaceClient, path: string, body?: object) =>
      (await must(processes, 'the two processes').post(app, client, path, body)).status;

    /** Waits until no fill job is due (both processes poll every second). */
    async function fillsDone(): Promise<void> {
      for (let i = 0; i < 100; i++) {
        const [due] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(jobs)
          .where(and(eq(jobs.kind, 'waitlist.fill'), lte(jobs.runAt, new Date()), isNull(jobs.failedAt)));
        if ((due?.n ?? 0) === 0) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('fill jobs did not finish');
    }

    it('gives each freed place to one client in line, in order, and never beyond capacity', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const now = new Date();
        const store: Store = { db, clock: { now: () => now } };
        const provider = await buildProvider(store, { name: `Waitlist Studio ${round}`, timezone: 'UTC' });
        await buildPolicy(store, provider, { minHoursBeforeBooking: 0, maxDaysBeforeBooking: 30, minHoursBeforeCancellation: 1 });
        const klass = await buildService(store, provider, {
          name: 'Class',
          type: 'class',
          priceCents: 1000,
          durationMinutes: 60,
          capacity: CAPACITY,
        });
        const slot = await buildOccurrence(store, klass, new Date(now.getTime() + 3 * DAY));
        const person = async (name: string) => {
          const user = await buildUser(store, { email: `wl-${round}-${name}@example.com`, name, timezone: 'UTC' });
          const session = await startSession(store, { secure: false, sessionSecret: RACE_SECRET }, user);
          return { user, client: { cookie: `${session.name}=${session.value}; XSRF-TOKEN=${session.xsrf}`, xsrf: session.xsrf } };
        };
        const holders = await Promise.all(Array.from({ length: CAPACITY }, (_, i) => person(`holder${i}`)));
        const bookings = [];
        for (const h of holders) bookings.push(await buildAppointment(store, { client: h.user, service: klass, slot }));
        const line = [];
        for (let i = 0; i < IN_LINE; i++) {
          const p = await person(`waiting${i}`);
          // Joined through the API, one after another, so the order of the line is known.
          expect(await post(i % 2, p.client, `/api/slots/${slot.id}/waitlist`, { auto_book: 0 })).toBe(201);
          line.push(p);
        }
        const outsiders = await Promise.all(Array.from({ length: OUTSIDERS }, (_, i) => person(`outsider${i}`)));

        // Every place cancelled at once through both processes, with direct bookings racing them.
        const requests = [
          ...bookings.map(
            (b, i) => () => post((i + round) % 2, must(holders[i], 'a place holder').client, `/api/appointments/${b.id}/cancel`),
          ),
          ...outsiders.map((o, i) => () => post(i % 2, o.client, '/api/appointments', { service_id: klass.id, slot_id: slot.id })),
        ];
        const statuses = await Promise.all(requests.map((r) => r()));
        expect(statuses.slice(0, CAPACITY).every((s) => s === 200)).toBe(true);
        // A direct booking never takes a place the line is waiting for.
        expect(statuses.slice(CAPACITY).every((s) => s === 409)).toBe(true);
        await fillsDone();

        const active = await db
          .select()
          .from(appointments)
          .where(and(eq(appointments.slotId, slot.id), inArray(appointments.status, ['held', 'confirmed'])));
        const [row] = await db.select().from(slots).where(eq(slots.id, slot.id));
        expect(row?.seatsTaken).toBe(CAPACITY);
        expect(active.length).toBe(CAPACITY);
        // The first CAPACITY in line, one offer each.
        expect(new Set(active.map((a) => a.clientId))).toEqual(new Set(line.slice(0, CAPACITY).map((p) => p.user.id)));
        const offered = await db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slot.id));
        expect(offered.filter((e) => e.offerId !== null).length).toBe(CAPACITY);
      }
    });
  },
);
