/**
 * Reminders (docs/product-rules.md#reminders): when they go, to whom, exactly once — also with two
 * job runners on one database — and late after downtime only while the session has not started.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { appointments, type users } from '../../db/schema.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../db/timeouts.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { engine, freshDatabase } from '../../../test/support/test-db.ts';
import {
  buildAppointment,
  buildMembership,
  buildOccurrence,
  buildPlan,
  buildPolicy,
  buildProvider,
  buildService,
  buildUser,
  signIn,
} from '../../../test/support/factories.ts';
import type { Agent } from '../../../test/support/agent.ts';
import { REMINDER_SEND } from './reminders.ts';

// Tuesday 20 October 2026, 11:00 in Madrid (summer time, UTC+2). Clocks go back on Sunday 25
// October at 03:00 (to 02:00, UTC+1).
const START = new Date('2026-10-20T09:00:00Z');
/** Sunday 25 October 10:00 in Madrid, winter time: 09:00 UTC. */
const SUN_10 = '2026-10-25T09:00:00Z';

let t: TestApp;
let provider: typeof users.$inferSelect;
let studio: Agent;
let ana: typeof users.$inferSelect;
let massage: Awaited<ReturnType<typeof buildService>>;

beforeEach(async () => {
  t = await createTestApp({ now: START });
  provider = await buildProvider(t, { email: 'studio@example.com', username: 'studio', name: 'Studio', timezone: 'Europe/Madrid' });
  studio = await signIn(t, provider);
  massage = await buildService(t, provider, { name: 'Massage', priceCents: 4000, durationMinutes: 60, location: 'Room 2' });
  ana = await buildUser(t, { email: 'ana@example.com', name: 'Ana', timezone: 'Europe/Madrid' });
  await t.app.jobs.schedulePeriodic();
});
afterEach(async () => {
  await t.close();
});

/** Moves the clock to `iso` and runs the jobs due then, as a running process would. */
async function at(iso: string, app: TestApp = t): Promise<void> {
  app.clock.advanceMinutes((Date.parse(iso) - app.clock.now().getTime()) / 60_000);
  await app.app.jobs.runDue();
}
const reminders = (to?: string) => t.outbox.list().filter((m) => m.subject.startsWith('Reminder') && (to === undefined || m.to === to));
const minutesBefore = (iso: string, m: number) => new Date(Date.parse(iso) - m * 60_000).toISOString();
const hoursBefore = (iso: string, h: number) => minutesBefore(iso, h * 60);
const bookMassage = (startsAt: string, client = ana, status: 'confirmed' | 'held' = 'confirmed') =>
  buildAppointment(t, { client, service: massage, startsAt, status });

describe('a reminder', () => {
  it('goes reminder_hours_before the start in elapsed time, across a daylight-saving change, read in the client’s zone', async () => {
    const booking = await bookMassage(SUN_10);
    // 24 hours before Sunday 10:00 (winter time) is Saturday 11:00 (summer time): 09:00 UTC.
    await at('2026-10-24T08:59:00Z');
    expect(reminders()).toEqual([]);
    await at('2026-10-24T09:00:00Z');
    expect(reminders()).toHaveLength(1);
    const [mail] = reminders();
    if (!mail) throw new Error('no reminder');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Reminder: Massage on Sunday, 25 October 2026 at 10:00');
    expect(mail.text).toContain(
      'This is a reminder of your booking of Massage with Studio on Sunday, 25 October 2026, 10:00–11:00 (Europe/Madrid).',
    );
    expect(mail.text).toContain('Where: Room 2');
    expect(mail.text).toContain('If you cannot come, please cancel');
    expect(mail.text).toContain(`See your booking: http://localhost:3000/appointments/${booking.id}\n`);
    expect(mail.text).toContain(`Cancel your booking: http://localhost:3000/appointments/${booking.id}?cancel=1`);
    expect(mail.html).toContain(`href="http://localhost:3000/appointments/${booking.id}?cancel=1"`);
    const ics = mail.attachments?.[0];
    expect(ics?.filename).toBe('Massage.ics');
    expect(String(ics?.content)).toContain('DTSTART:20261025T090000Z');
    expect(String(ics?.content)).toContain(`UID:${booking.id}@slotted`);
    if (process.env.PRINT_REMINDER) console.log(`${mail.subject}\n\n${mail.text}`);

    // Once: later sweeps send nothing more, up to and after the start.
    await at(minutesBefore(SUN_10, 1));
    await at('2026-10-25T12:00:00Z');
    expect(reminders()).toHaveLength(1);
  });

  it('reminds a client of a class place too, in their own zone, and says what cancelling now gives back', async () => {
    const yoga = await buildService(t, provider, { name: 'Yoga', type: 'class', priceCents: 1200, durationMinutes: 60 });
    // Monday 26 October, 18:00 in Madrid (winter time).
    const slot = await buildOccurrence(t, yoga, '2026-10-26T17:00:00Z');
    const bob = await buildUser(t, { email: 'bob@example.com', name: 'Bob', timezone: 'America/New_York' });
    await buildAppointment(t, { client: bob, service: yoga, slot }, { paymentMethod: 'card', paidAt: START });
    await buildPolicy(t, provider, { minHoursBeforeCancellation: 12 });

    await at('2026-10-25T16:59:00Z');
    expect(reminders()).toEqual([]);
    await at('2026-10-25T17:00:00Z');
    const [mail] = reminders('bob@example.com');
    // New York is still on summer time until 1 November: 13:00 there.
    expect(mail?.text).toContain('your booking of Yoga with Studio on Monday, 26 October 2026, 13:00–14:00 (America/New_York).');
    // Without Stripe keys a card refund is owed by hand (docs/product-rules.md#cancellation-and-refunds).
    expect(mail?.text).toContain(
      'Cancelling now still refunds your payment of €12.00 (until Monday, 26 October 2026 at 01:00): Studio gives it back to you by hand.',
    );
  });

  it('says when cancelling no longer gives a membership credit back', async () => {
    const plan = await buildPlan(t, provider, { groups: [{ quantity: 4, services: [massage] }] });
    const membership = await buildMembership(t, ana, plan);
    await bookMassage(SUN_10).then((b) =>
      t.db
        .update(appointments)
        .set({ paymentMethod: 'membership', membershipId: membership.id, paidAt: null })
        .where(eq(appointments.id, b.id)),
    );
    await buildPolicy(t, provider, { minHoursBeforeCancellation: 48 });
    await at(hoursBefore(SUN_10, 24));
    expect(reminders()[0]?.text).toContain(
      'Cancelling now no longer gives back your membership credit: the refund window closed 48 hours before the start.',
    );
  });

  it('follows a change of the policy made before it was sent: sooner, later, or off', async () => {
    const base = { min_hours_before_booking: 1, max_days_before_booking: 30, min_hours_before_cancellation: 24 };
    const wed = '2026-10-28T10:00:00Z';
    const thu = '2026-10-29T10:00:00Z';
    const fri = '2026-10-30T10:00:00Z';
    await bookMassage(wed);
    await bookMassage(thu, await buildUser(t, { email: 'bea@example.com', name: 'Bea' }));
    await bookMassage(fri, await buildUser(t, { email: 'cai@example.com', name: 'Cai' }));

    expect((await studio.post('/api/policies', { ...base, reminder_hours_before: 48 })).status).toBe(200);
    await at(minutesBefore(hoursBefore(wed, 48), 1));
    expect(reminders()).toEqual([]);
    await at(hoursBefore(wed, 48));
    expect(reminders().map((m) => m.to)).toEqual(['ana@example.com']);

    // 2 hours: Thursday's booking is no longer due 24 or 48 hours before.
    await studio.post('/api/policies', { ...base, reminder_hours_before: 2 });
    await at(hoursBefore(thu, 24));
    expect(reminders('bea@example.com')).toEqual([]);
    await at(minutesBefore(thu, 121));
    expect(reminders('bea@example.com')).toEqual([]);
    await at(hoursBefore(thu, 2));
    expect(reminders('bea@example.com')).toHaveLength(1);

    // Off: none for Friday's.
    await studio.post('/api/policies', { ...base, reminder_hours_before: 0 });
    await at(minutesBefore(fri, 1));
    expect(reminders('cai@example.com')).toEqual([]);
    // Ana's was sent before the changes and only once.
    expect(reminders('ana@example.com')).toHaveLength(1);
  });

  it('is not sent to a client who turned reminders off in Settings', async () => {
    const anaAgent = await signIn(t, ana);
    expect((await anaAgent.postForm('/api/me', { name: 'Ana', reminders: '0' })).status).toBe(200);
    const bea = await buildUser(t, { email: 'bea@example.com', name: 'Bea' });
    await bookMassage(SUN_10);
    await bookMassage('2026-10-26T09:00:00Z', bea);
    await at('2026-10-26T08:00:00Z');
    expect(reminders().map((m) => m.to)).toEqual(['bea@example.com']);
  });

  it('is not sent for a booking cancelled before the time, nor for a hold that expired', async () => {
    const cancelled = await bookMassage(SUN_10);
    const anaAgent = await signIn(t, ana);
    expect((await anaAgent.post(`/api/appointments/${cancelled.id}/cancel`)).status).toBe(200);
    // A hold left to expire at the checkout never becomes a booking.
    await bookMassage('2026-10-26T09:00:00Z', await buildUser(t, { email: 'bea@example.com', name: 'Bea' }), 'held');
    await at('2026-10-26T08:30:00Z');
    expect(reminders()).toEqual([]);
  });

  it('is not sent for a booking made after its reminder time', async () => {
    // Wednesday 21 October 10:00 in Madrid, 23 hours ahead: booked and confirmed through the API.
    const anaAgent = await signIn(t, ana);
    const held = await anaAgent.post<{ data: { id: string } }>('/api/appointments', {
      service_id: massage.id,
      starts_at: '2026-10-21T08:00:00Z',
    });
    expect(held.status).toBe(201);
    expect((await anaAgent.post(`/api/appointments/${held.body.data.id}/confirm-without-payment`)).status).toBe(200);
    expect(t.outbox.list().map((m) => m.subject)).toContain('Booking confirmed: Massage');
    await at('2026-10-21T07:59:00Z');
    expect(reminders()).toEqual([]);
  });

  it('after downtime, is sent late while the session has not started, and never once it has', async () => {
    await bookMassage(SUN_10);
    const early = await bookMassage('2026-10-24T12:00:00Z', await buildUser(t, { email: 'bea@example.com', name: 'Bea' }));
    // No process ran from Tuesday until Saturday 12:30 UTC: both reminder times passed meanwhile.
    await at('2026-10-24T12:30:00Z');
    expect(reminders().map((m) => m.to)).toEqual(['ana@example.com']);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, early.id)))[0]?.remindedStartsAt).toBeNull();
  });

  it('is sent again for a booking’s new time when it moves, and a job for its old time sends nothing', async () => {
    const booking = await bookMassage(SUN_10);
    await at(hoursBefore(SUN_10, 24));
    expect(reminders()).toHaveLength(1);
    // Moved (as a reschedule would) to Tuesday 27 October 10:00 in Madrid.
    const tue = '2026-10-27T09:00:00Z';
    await t.db
      .update(appointments)
      .set({ startsAt: new Date(tue), endsAt: new Date('2026-10-27T10:00:00Z') })
      .where(eq(appointments.id, booking.id));
    // A send job for the old start, repeated after its process died: nothing.
    await t.db.transaction((tx) => t.app.jobs.enqueue(tx, REMINDER_SEND, { id: booking.id, starts_at: new Date(SUN_10).toISOString() }));
    await at(minutesBefore(hoursBefore(tue, 24), 1));
    expect(reminders()).toHaveLength(1);
    await at(hoursBefore(tue, 24));
    expect(reminders()).toHaveLength(2);
    expect(reminders()[0]?.text).toContain('Tuesday, 27 October 2026, 10:00–11:00 (Europe/Madrid)');
  });

  it('is sent once even when its send job runs twice', async () => {
    const booking = await bookMassage(SUN_10);
    t.clock.advanceMinutes((Date.parse(hoursBefore(SUN_10, 1)) - t.clock.now().getTime()) / 60_000);
    const payload = { id: booking.id, starts_at: new Date(SUN_10).toISOString() };
    await t.db.transaction(async (tx) => {
      await t.app.jobs.enqueue(tx, REMINDER_SEND, payload);
      await t.app.jobs.enqueue(tx, REMINDER_SEND, payload);
    });
    await t.app.jobs.runDue();
    expect(reminders()).toHaveLength(1);
  });
});

describe(`two job runners on one ${engine} database`, () => {
  it('send each reminder once', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        sent.push(m);
        await new Promise((resolve) => setImmediate(resolve));
      },
      close: async () => undefined,
    };
    const database = await freshDatabase();
    const first = await createTestApp({ now: START, mailer, database });
    // On PostgreSQL the second app has its own connection pool, like a second process; PGlite has
    // one connection, which both runners share.
    const second: Database =
      engine === 'postgres' && database.url
        ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4, timeouts: DEFAULT_DATABASE_TIMEOUTS })
        : { ...database, close: async () => undefined };
    const other = await createTestApp({ now: START, mailer, database: second });
    try {
      const studio2 = await buildProvider(first, { name: 'Studio', timezone: 'Europe/Madrid' });
      const service = await buildService(first, studio2, { name: 'Massage', durationMinutes: 30 });
      const N = 30;
      const clients = [];
      for (let i = 0; i < N; i++) {
        const client = await buildUser(first, { email: `client-${i}@example.com`, name: `Client ${i}` });
        clients.push(client);
        // Every half hour from Sunday 09:00 UTC.
        await buildAppointment(first, { client, service, startsAt: new Date(Date.parse(SUN_10) + i * 1_800_000) });
      }
      await Promise.all([first.app.jobs.schedulePeriodic(), other.app.jobs.schedulePeriodic()]);
      // The last one's reminder time, before the first one starts: every reminder is due.
      const moveTo = hoursBefore(new Date(Date.parse(SUN_10) + (N - 1) * 1_800_000).toISOString(), 24);
      for (const app of [first, other]) app.clock.advanceMinutes((Date.parse(moveTo) - app.clock.now().getTime()) / 60_000);
      // Each booking also gets two stray send jobs, as repeated sweeps or crashed runs could leave:
      // the two runners race on them too.
      await first.db.transaction(async (tx) => {
        const rows = await tx.select().from(appointments);
        for (const r of rows) {
          for (let k = 0; k < 2; k++) await first.app.jobs.enqueue(tx, REMINDER_SEND, { id: r.id, starts_at: r.startsAt.toISOString() });
        }
      });
      await Promise.all([first.app.jobs.runDue(), other.app.jobs.runDue(), first.app.jobs.runDue(), other.app.jobs.runDue()]);
      await Promise.all([first.app.jobs.runDue(), other.app.jobs.runDue()]);

      const reminded = sent.filter((m) => m.subject.startsWith('Reminder')).map((m) => m.to);
      expect(reminded.sort()).toEqual(clients.map((c) => c.email).sort());
    } finally {
      await other.close();
      await first.close();
    }
  });
});
