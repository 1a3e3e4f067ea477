/**
 * No overbooking under concurrency (docs/product-rules.md#booking): many simultaneous requests for
 * the same time or class, and no overspending of a membership's credits
 * (docs/product-rules.md#memberships-and-credits). On PostgreSQL through two app processes sharing
 * one database; on PGlite in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, rateLimitBuckets, services, slots, users } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { bookingHeaders, creditRaceFixture, raceFixture, type RaceClient, type RaceFixture } from './support/race-fixture.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildAppointment, buildOccurrence, buildService, buildUser } from './support/factories.ts';
import { engine } from './support/test-db.ts';
import { RACE_SECRET, twoProcesses } from './support/two-processes.ts';
import { must } from './support/must.ts';

// Every simulated client comes from this machine's one address: lift the per-address booking limit
// (twoProcesses does the same).
const ONE_ADDRESS = { BOOKING_LIMIT_PER_IP: '100000' };
/** POSTs `body` to `path` as `client`; request `i` goes to process i % 2. */
type Post = (i: number, client: RaceClient, path: string, body: object) => Promise<{ status: number; code?: string; message?: string }>;

let db: Db;
let fixture: RaceFixture;
let post: Post;
/** The time the apps see. */
let now: () => Date;
/** Client `i` asks to book. */
const send = async (i: number, body: object) =>
  (await post(i, must(fixture.clients[i], 'fixture.clients[i]'), '/api/appointments', body)).status;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (engine === 'postgres') {
    const processes = await twoProcesses({
      prepare: async (shared) => {
        fixture = await raceFixture(shared, { clients: 200, sessionSecret: RACE_SECRET });
      },
    });
    db = processes.db;
    cleanup.push(() => processes.close());
    now = () => new Date();
    // Requests alternate between the two processes.
    post = async (i, client, path, body) => {
      const res = await processes.post(i, client, path, body);
      const answer = (await res.json()) as { code?: string; message?: string };
      return { status: res.status, code: answer.code, message: answer.message };
    };
  } else {
    const t: TestApp = await createTestApp({ env: { SESSION_SECRET: RACE_SECRET, ...ONE_ADDRESS } });
    db = t.db;
    fixture = await raceFixture(db, { clients: 200, sessionSecret: RACE_SECRET, now: t.clock.now() });
    cleanup.push(() => t.close());
    now = () => t.clock.now();
    post = async (_i, client, path, body) => {
      const res = await t.app.inject({ method: 'POST', url: path, headers: bookingHeaders(client), payload: body });
      const answer = res.json<{ code?: string; message?: string }>();
      return { status: res.statusCode, code: answer.code, message: answer.message };
    };
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
    expect(must(slot, 'slot').seatsTaken).toBe(20);
  });

  // Requests waiting in a process's queue for a time when another takes it are answered from that
  // booking (decision 0019): the same answers as their own check would give.
  describe('a crowd answered when the time goes', () => {
    const HOUR = 3_600_000;
    const store = () => ({ db, clock: { now } });
    const userOf = async (i: number) =>
      must(
        (
          await db
            .select()
            .from(users)
            .where(eq(users.email, `race-client-${i}@example.com`))
        )[0],
        `race client ${i}`,
      );
    const takenBody = { status: 409, code: 'slot_taken', message: 'This slot is no longer available. Please select another one.' };

    it('every loser of one appointment time gets 409 slot_taken with its message', async () => {
      const startsAt = new Date(Date.parse(fixture.appointmentStart) + 8 * HOUR).toISOString();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          post(i, must(fixture.clients[i], 'a client'), '/api/appointments', { service_id: fixture.shortService, starts_at: startsAt }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201)).toEqual(Array.from({ length: 59 }, () => expect.objectContaining(takenBody)));
    });

    it('a client asking twice in the crowd gets their own booking back, never 409, when they win', async () => {
      const startsAt = new Date(Date.parse(fixture.appointmentStart) + 9 * HOUR).toISOString();
      const body = { service_id: fixture.shortService, starts_at: startsAt };
      const client = must(fixture.clients[0], 'client 0');
      // Client 0 asks first and again in the middle of 40 others.
      const answers = await Promise.all([
        post(0, client, '/api/appointments', body),
        ...Array.from({ length: 40 }, (_, i) => post(i + 1, must(fixture.clients[i + 1], 'a client'), '/api/appointments', body)),
        post(1, client, '/api/appointments', body),
      ]);
      const own = [must(answers[0], 'first'), must(answers[41], 'again')].map((a) => a.status).sort();
      // Whoever wins, client 0's two requests agree: the booking and the same booking again, or taken twice.
      expect([own, tally(answers.map((a) => a.status))]).toEqual(
        own[0] === 200 ? [[200, 201], { 200: 1, 201: 1, 409: 40 }] : [[409, 409], { 201: 1, 409: 41 }],
      );
    });

    it('an attendee asking again while the crowd fills the class keeps their place (200), the others get 409', async () => {
      const klass = must((await db.select().from(services).where(eq(services.id, fixture.classService)))[0], 'the class service');
      const occurrence = await buildOccurrence(store(), klass, new Date(Date.parse(fixture.appointmentStart) + 5 * HOUR));
      await db.update(slots).set({ capacity: 4 }).where(eq(slots.id, occurrence.id));
      const attendee = await buildAppointment(store(), { client: await userOf(199), service: klass, status: 'held', slot: occurrence });
      const body = { service_id: fixture.classService, slot_id: occurrence.id };
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => post(i, must(fixture.clients[i], 'a client'), '/api/appointments', body)),
        post(1, must(fixture.clients[199], 'the attendee'), '/api/appointments', body),
      ]);
      expect(tally(answers.map((a) => a.status))).toEqual({ 200: 1, 201: 3, 409: 27 });
      expect(must(answers[30], 'the attendee').status).toBe(200);
      expect(answers.filter((a) => a.status === 409)).toEqual(Array.from({ length: 27 }, () => expect.objectContaining(takenBody)));
      const places = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.slotId, occurrence.id), inArray(appointments.status, ['held', 'confirmed'])));
      expect(places.map((p) => p.id)).toContain(attendee.id);
      expect(places).toHaveLength(4);
    });

    it('a crowd for a time already held gets 409; the holder asking again in it gets their booking', async () => {
      const short = must((await db.select().from(services).where(eq(services.id, fixture.shortService)))[0], 'the short service');
      const startsAt = new Date(Date.parse(fixture.appointmentStart) + 10 * HOUR).toISOString();
      const held = await buildAppointment(store(), { client: await userOf(198), service: short, status: 'held', startsAt });
      const body = { service_id: fixture.shortService, starts_at: startsAt };
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => post(i, must(fixture.clients[i], 'a client'), '/api/appointments', body)),
        post(1, must(fixture.clients[198], 'the holder'), '/api/appointments', body),
      ]);
      expect(answers.slice(0, 30)).toEqual(Array.from({ length: 30 }, () => expect.objectContaining(takenBody)));
      expect(must(answers[30], 'the holder')).toEqual(expect.objectContaining({ status: 200 }));
      const atThatTime = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.serviceId, fixture.shortService),
            eq(appointments.startsAt, new Date(startsAt)),
            inArray(appointments.status, ['held', 'confirmed']),
          ),
        );
      expect(atThatTime.map((a) => a.id)).toEqual([held.id]);
    });

    it('a client over their booking limit in the crowd gets 429, not 409', async () => {
      const startsAt = new Date(Date.parse(fixture.appointmentStart) + 11 * HOUR).toISOString();
      const limited = await userOf(5);
      const full = { windowStartedAt: now(), hits: 30 };
      await db
        .insert(rateLimitBuckets)
        .values({ key: `booking:user:${limited.id}`, ...full })
        .onConflictDoUpdate({ target: rateLimitBuckets.key, set: full });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(i, must(fixture.clients[i], 'a client'), '/api/appointments', { service_id: fixture.shortService, starts_at: startsAt }),
        ),
      );
      expect(must(answers[5], 'the limited client')).toEqual(expect.objectContaining({ status: 429, code: 'rate_limited' }));
      expect(tally(answers.map((a) => a.status))).toEqual({ 201: 1, 409: 18, 429: 1 });
      // The races below count on this client again.
      await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, `booking:user:${limited.id}`));
    });
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

  // Nothing sweeps expired holds before a booking: the ones in its way are expired when the
  // exclusion constraint or a full class meets them, under the same contention.
  describe('holds past their expiry, not yet marked expired', () => {
    const store = () => ({ db, clock: { now } });
    const serviceRow = async (id: number) =>
      must(
        (await db.select().from(services).where(eq(services.id, id)))[0],
        '(await db.select().from(services).where(eq(services.id, id)))[0]',
      );
    const expiredHold = async (booking: Parameters<typeof buildAppointment>[1]) =>
      buildAppointment(store(), booking, { holdExpiresAt: new Date(now().getTime() - 60_000) });

    it('100 simultaneous requests for a time an expired hold still marks: exactly one wins', async () => {
      const short = await serviceRow(fixture.shortService);
      const startsAt = new Date(Date.parse(fixture.appointmentStart) + 6 * 3_600_000).toISOString();
      const stale = await expiredHold({ client: await buildUser(store()), service: short, status: 'held', startsAt });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => send(i, { service_id: fixture.shortService, starts_at: startsAt })),
      );
      expect(tally(statuses)).toEqual({ 201: 1, 409: 99 });
      const atThatTime = await db
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, new Date(startsAt)));
      expect(
        must(
          atThatTime.find((a) => a.id === stale.id),
          'atThatTime.find((a) => a.id === stale.id)',
        ).status,
      ).toBe('expired');
      expect(atThatTime.filter((a) => a.status === 'held')).toHaveLength(1);
    });

    it('100 simultaneous requests for a 20-seat class full of expired holds: exactly 20 places', async () => {
      const klass = await serviceRow(fixture.classService);
      const occurrence = await buildOccurrence(store(), klass, new Date(Date.parse(fixture.appointmentStart) - 4 * 3_600_000));
      for (let i = 0; i < 20; i++)
        await expiredHold({ client: await buildUser(store()), service: klass, status: 'held', slot: occurrence });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => send(i, { service_id: fixture.classService, slot_id: occurrence.id })),
      );
      expect(tally(statuses)).toEqual({ 201: 20, 409: 80 });
      const places = await db.select().from(appointments).where(eq(appointments.slotId, occurrence.id));
      expect(tally(places.map((p) => (p.status === 'held' ? 1 : 0)))).toEqual({ 1: 20, 0: 20 });
      const [slot] = await db.select().from(slots).where(eq(slots.id, occurrence.id));
      expect(must(slot, 'slot').seatsTaken).toBe(20);
    });
  });

  describe('moving bookings (docs/product-rules.md#moving-a-booking)', () => {
    const store = () => ({ db, clock: { now } });
    const userOf = async (i: number) =>
      must(
        (
          await db
            .select()
            .from(users)
            .where(eq(users.email, `race-client-${i}@example.com`))
        )[0],
        `race client ${i}`,
      );

    it('20 clients moving into a 5-seat class while 20 others book it: exactly 5 places, and only the movers who got in leave theirs', async () => {
      const klass = must((await db.select().from(services).where(eq(services.id, fixture.classService)))[0], 'the class service');
      const provider = must((await db.select().from(users).where(eq(users.id, klass.providerId)))[0], 'the provider');
      const small = await buildService(store(), provider, {
        name: 'Small class',
        type: 'class',
        priceCents: 1200,
        durationMinutes: 60,
        capacity: 5,
      });
      const day = Date.parse(fixture.appointmentStart);
      const from = await buildOccurrence(store(), small, new Date(day + 2 * 3_600_000));
      await db.update(slots).set({ capacity: 20 }).where(eq(slots.id, from.id));
      const target = await buildOccurrence(store(), small, new Date(day + 4 * 3_600_000));
      // Clients 150–169 have places in `from`; clients 170–189 book `target` directly.
      const moving = await Promise.all(
        Array.from({ length: 20 }, async (_, k) =>
          buildAppointment(store(), { client: await userOf(150 + k), service: small, slot: from }),
        ),
      );
      const answers = await Promise.all([
        ...moving.map((m, k) =>
          post(k, must(fixture.clients[150 + k], 'a moving client'), `/api/appointments/${m.id}/reschedule`, { slot_id: target.id }),
        ),
        ...Array.from({ length: 20 }, (_, k) =>
          post(k + 1, must(fixture.clients[170 + k], 'a booking client'), '/api/appointments', {
            service_id: small.id,
            slot_id: target.id,
          }),
        ),
      ]);
      const won = answers.filter((a) => a.status === 200 || a.status === 201).length;
      expect(won).toBe(5);
      expect(new Set(answers.filter((a) => a.status >= 400).map((a) => a.code))).toEqual(new Set(['slot_taken']));
      const seats = async (id: number) => must((await db.select().from(slots).where(eq(slots.id, id)))[0], 'the occurrence').seatsTaken;
      const inTarget = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.slotId, target.id), inArray(appointments.status, ['held', 'confirmed'])));
      expect(inTarget).toHaveLength(5);
      expect(await seats(target.id)).toBe(5);
      const movers = answers.slice(0, 20).filter((a) => a.status === 200).length;
      expect(await seats(from.id)).toBe(20 - movers);
    });
  });

  it('20 simultaneous payments with a membership that has 3 credits left: exactly 3 confirmed', async () => {
    const credit = await creditRaceFixture(db, { holds: 20, credits: 3, sessionSecret: RACE_SECRET, now: now() });
    const answers = await Promise.all(
      credit.holds.map((id, i) =>
        post(i, credit.client, `/api/appointments/${id}/deduct-membership`, { membership_id: credit.membershipId }),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 3, 409: 17 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.code))).toEqual(new Set(['membership_unusable']));
    const paid = await db.select().from(appointments).where(eq(appointments.membershipId, credit.membershipId));
    expect(paid.map((p) => p.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const stillHeld = await db
      .select()
      .from(appointments)
      .where(and(inArray(appointments.id, credit.holds), eq(appointments.status, 'held')));
    expect(stillHeld).toHaveLength(17);
  });
});
