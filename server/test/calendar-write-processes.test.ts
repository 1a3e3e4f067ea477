/**
 * Bookings and class occurrences written to a connected calendar exactly once across processes
 * (docs/product-rules.md#calendar-connections): two app processes on one PostgreSQL database run
 * the same booking's (or occurrence's) write jobs at the same moment, and the calendar ends with one
 * event per booking and occurrence — created once, moved or updated in place, deleted once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, calendarBookingEvents, calendarClassEvents, calendarConnections, jobs, slots } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { seal } from '../src/lib/secret-box.ts';
import { buildAppointment, buildOccurrence, buildProvider, buildService, buildUser } from './support/factories.ts';
import { must } from './support/must.ts';
import { startRadicale, type Radicale } from './support/radicale.ts';
import { TEST_CALENDAR_KEY } from './support/test-app.ts';
import { engine } from './support/test-db.ts';
import { twoProcesses } from './support/two-processes.ts';

const BOOKINGS = 12;
const OCCURRENCES = 6;
const clock = { now: () => new Date() };
const quiet = { warn: () => undefined, error: () => undefined };

describe.runIf(engine === 'postgres')('bookings written by two app processes at once', { timeout: 180_000 }, () => {
  let db: Db;
  let radicale: Radicale;
  let calendarUrl: string;
  let ids: string[] = [];
  let classes: number[] = [];
  let yoga: Awaited<ReturnType<typeof buildService>>;
  let classClient: Awaited<ReturnType<typeof buildUser>>;
  const cleanup: (() => Promise<void>)[] = [];

  /** Every booking's (or occurrence's) write job twice, so both processes take one of each pair at the same moment. */
  async function writeTwice(which: string[], occurrences: number[] = []) {
    const runner = jobRunner({ db, clock, log: quiet });
    for (const id of which) {
      await runner.enqueue(db, 'calendar.write-booking', { appointmentId: id });
      await runner.enqueue(db, 'calendar.write-booking', { appointmentId: id });
    }
    for (const id of occurrences) {
      await runner.enqueue(db, 'calendar.write-occurrences', { slotIds: [id] });
      await runner.enqueue(db, 'calendar.write-occurrences', { slotIds: [id] });
    }
    for (let i = 0; i < 600; i++) {
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.kind, ['calendar.write-booking', 'calendar.write-occurrences']));
      if (left?.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the write jobs did not finish');
  }

  const events = async () =>
    (await radicale.objects(calendarUrl)).map((o) => {
      const e = new ICAL.Event(new ICAL.Component(ICAL.parse(o.ics)).getFirstSubcomponent('vevent') ?? undefined);
      return { uid: e.uid, sequence: e.sequence, start: e.startDate.toJSDate().toISOString(), summary: e.summary };
    });

  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.calendar('work');
    const processes = await twoProcesses({
      env: { CALENDAR_ENCRYPTION_KEY: TEST_CALENDAR_KEY, CALDAV_ALLOW_PRIVATE_HOSTS: 'true' },
      prepare: async (shared) => {
        const store = { db: shared, clock };
        const provider = await buildProvider(store);
        const service = await buildService(store, provider);
        const client = await buildUser(store);
        const start = Date.UTC(2030, 0, 7, 9);
        for (let i = 0; i < BOOKINGS; i++) {
          ids.push((await buildAppointment(store, { client, service, startsAt: new Date(start + i * 3_600_000) })).id);
        }
        yoga = await buildService(store, provider, { name: 'Yoga', type: 'class', capacity: 10 });
        for (let i = 0; i < OCCURRENCES; i++) {
          classes.push((await buildOccurrence(store, yoga, new Date(start + 86_400_000 * 3 + i * 3_600_000))).id);
        }
        classClient = client;
        await shared.insert(calendarConnections).values({
          userId: provider.id,
          serverUrl: radicale.url,
          username: radicale.user,
          passwordSealed: seal(Buffer.from(TEST_CALENDAR_KEY, 'base64'), radicale.password),
          calendars: [{ url: calendarUrl, name: 'Work', blocks: false, writes: true }],
        });
      },
    });
    db = processes.db;
    cleanup.push(async () => {
      await processes.close();
      await radicale.close();
    });
  });

  afterAll(async () => {
    for (const c of cleanup) await c();
    ids = [];
    classes = [];
  });

  it('creates one event per booking', async () => {
    await writeTwice(ids);
    const written = await events();
    expect(written).toHaveLength(BOOKINGS);
    expect(new Set(written.map((e) => e.uid))).toEqual(new Set(ids.map((id) => `${id}@slotted`)));
    expect(await db.select().from(calendarBookingEvents)).toHaveLength(BOOKINGS);
  });

  it('moves each event in place, then deletes the cancelled ones once', async () => {
    await db
      .update(appointments)
      .set({
        startsAt: sql`${appointments.startsAt} + interval '1 day'`,
        endsAt: sql`${appointments.endsAt} + interval '1 day'`,
        icsSequence: 1,
      })
      .where(inArray(appointments.id, ids));
    await writeTwice(ids);
    const moved = await events();
    expect(moved).toHaveLength(BOOKINGS);
    expect(moved.every((e) => e.sequence === 1 && e.start.startsWith('2030-01-08'))).toBe(true);

    const cancelled = ids.slice(0, BOOKINGS / 2);
    await db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(), icsSequence: 2 })
      .where(and(inArray(appointments.id, cancelled)));
    await writeTwice(cancelled);
    const left = await events();
    expect(left.map((e) => e.uid).sort()).toEqual(
      ids
        .slice(BOOKINGS / 2)
        .map((id) => `${id}@slotted`)
        .sort(),
    );
  });

  it('writes each class occurrence once, updates it in place as places are taken, and deletes it once when cancelled', async () => {
    await writeTwice([], classes);
    const classUids = (which: number[]) => which.map((id) => `class-${id}@slotted`).sort();
    const ofClasses = async () => (await events()).filter((e) => e.uid.startsWith('class-'));
    expect((await ofClasses()).map((e) => e.uid).sort()).toEqual(classUids(classes));
    expect(await db.select().from(calendarClassEvents)).toHaveLength(OCCURRENCES);

    // A place taken in each, as a booking's transaction does: the occurrence's SEQUENCE is raised.
    for (const slotId of classes) {
      const slot = must((await db.select().from(slots).where(eq(slots.id, slotId)))[0], 'occurrence');
      await buildAppointment({ db, clock }, { client: classClient, service: yoga, slot });
    }
    await db
      .update(slots)
      .set({ icsSequence: sql`${slots.icsSequence} + 1` })
      .where(inArray(slots.id, classes));
    await writeTwice([], classes);
    const updated = await ofClasses();
    expect(updated).toHaveLength(OCCURRENCES);
    expect(updated.every((e) => e.sequence === 1 && e.summary === 'Yoga — places taken 1/10')).toBe(true);

    const cancelled = classes.slice(0, OCCURRENCES / 2);
    await db.update(slots).set({ cancelledAt: new Date() }).where(inArray(slots.id, cancelled));
    await writeTwice([], cancelled);
    expect((await ofClasses()).map((e) => e.uid).sort()).toEqual(classUids(classes.slice(OCCURRENCES / 2)));
  });
});
