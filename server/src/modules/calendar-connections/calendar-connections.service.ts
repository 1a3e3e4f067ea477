/**
 * Calendar connections (D17, docs/product-rules.md#calendar-connections,
 * docs/decisions/0014-calendar-connections.md). Nothing here runs on the request path of slots
 * or bookings: busy times are fetched by the `calendar.sync` job and stored; bookings are written
 * by the `calendar.write-booking` job, which a booking's transaction enqueues.
 */
import { calendarObject, type CalendarConnection, type ConnectCalendarInput, type UpdateCalendarConnectionInput } from '@slotted/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { StoredCalendar } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { backoffMs } from '../../jobs/job-runner.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { open, seal } from '../../lib/secret-box.ts';
import type { UserRow } from '../users/index.ts';
import { busyIntervals } from './busy-times.ts';
import { LoginRefused, Precondition, type CaldavClient, type CaldavLogin } from './caldav.ts';
import {
  bookingForEvent,
  connectionsOf,
  deleteBookingEvent,
  deleteBusyTimesExcept,
  deleteConnection,
  dueConnections,
  findBookingEvent,
  findConnection,
  findUser,
  insertConnection,
  replaceBusyTimes,
  saveBookingEvent,
  updateConnection,
  type ConnectionRow,
} from './calendar-connections.queries.ts';

const DAY_MS = 86_400_000;
/** How often a working connection is read again. */
export const SYNC_EVERY_MS = 5 * 60_000;
/** What a reading covers: from yesterday to beyond the longest booking horizon. */
const SYNC_BACK_MS = DAY_MS;
const SYNC_AHEAD_MS = 400 * DAY_MS;

export interface CalendarConnectionsDeps {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  caldav: CaldavClient;
  encryptionKey: Buffer;
  appUrl: string;
  log: { warn(obj: object, msg: string): void };
}

const notFound = () => new AppError('not_found', 'Calendar connection not found.');

function present(c: ConnectionRow): CalendarConnection {
  return {
    id: c.id,
    server_url: c.serverUrl,
    username: c.username,
    calendars: c.calendars,
    synced_at: c.syncedAt?.toISOString() ?? null,
    failing_since: c.failingSince?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

/** What the server said, short and without anything of the request (never the password). */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

export function calendarConnectionsService(deps: CalendarConnectionsDeps) {
  const { db, clock, jobs, caldav } = deps;
  const loginOf = (c: ConnectionRow): CaldavLogin => ({
    serverUrl: c.serverUrl,
    username: c.username,
    password: open(deps.encryptionKey, c.passwordSealed),
  });
  const enqueueSync = (tx: Db | Tx, connectionId: string) =>
    jobs.enqueue(tx, 'calendar.sync', { connectionId }, { key: `calendar.sync:${connectionId}` });

  async function owned(user: UserRow, id: string): Promise<ConnectionRow> {
    const c = await findConnection(db, id);
    if (!c || c.userId !== user.id) throw notFound();
    return c;
  }

  /** Reads the blocking calendars and stores what they block; on failure keeps the last reading and backs off. */
  async function sync(connectionId: string): Promise<void> {
    const c = await findConnection(db, connectionId);
    if (!c) return;
    const owner = await findUser(db, c.userId);
    if (!owner) return;
    const now = clock.now();
    const from = new Date(now.getTime() - SYNC_BACK_MS);
    const to = new Date(now.getTime() + SYNC_AHEAD_MS);
    try {
      const login = loginOf(c);
      const intervals: { calendarUrl: string; start: number; end: number }[] = [];
      for (const calendar of c.calendars.filter((k) => k.blocks)) {
        for (const ics of await caldav.objects(login, calendar.url, from, to)) {
          try {
            for (const i of busyIntervals(ics, owner.timezone, from.getTime(), to.getTime()))
              intervals.push({ calendarUrl: calendar.url, ...i });
          } catch (err) {
            deps.log.warn({ err: reason(err), connection: c.id }, 'calendar object skipped: not readable iCalendar');
          }
        }
      }
      await db.transaction(async (tx) => {
        // The choice may have changed while we read: keep only calendars that block now.
        const current = await findConnection(tx, c.id);
        if (!current) return;
        const blocking = new Set(current.calendars.filter((k) => k.blocks).map((k) => k.url));
        await replaceBusyTimes(
          tx,
          c,
          intervals.filter((i) => blocking.has(i.calendarUrl)),
        );
        await updateConnection(tx, c.id, {
          syncedAt: now,
          failingSince: null,
          failures: 0,
          lastError: null,
          syncAfter: new Date(now.getTime() + SYNC_EVERY_MS),
        });
      });
    } catch (err) {
      // The last reading stays in force; the next try waits longer each time (30 s … 30 min).
      const failures = c.failures + 1;
      deps.log.warn({ err: reason(err), connection: c.id, failures }, 'calendar could not be read');
      await updateConnection(db, c.id, {
        failures,
        failingSince: c.failingSince ?? now,
        lastError: reason(err),
        syncAfter: new Date(now.getTime() + Math.min(backoffMs(failures), SYNC_EVERY_MS * 6)),
      });
    }
  }

  /** Where a provider's bookings are written: the connection and its chosen calendar, if any. */
  function writeTarget(conns: ConnectionRow[]): { connection: ConnectionRow; calendar: StoredCalendar } | null {
    for (const connection of conns) {
      const calendar = connection.calendars.find((k) => k.writes);
      if (calendar) return { connection, calendar };
    }
    return null;
  }

  /**
   * Makes the booking's event in the chosen calendar match the booking: created once (a PUT with
   * If-None-Match: * at an address derived from the booking, so two processes cannot make two),
   * updated with If-Match on the ETag we hold, deleted when the booking is no longer confirmed.
   * A newer SEQUENCE on the server is never overwritten by an older state. Idempotent: a retry or a
   * second process finds the work done.
   */
  async function writeBooking(appointmentId: string): Promise<void> {
    for (let round = 0; round < 4; round++) {
      const b = await bookingForEvent(db, appointmentId);
      if (!b || b.appointment.slotId !== null) return;
      const a = b.appointment;
      const record = await findBookingEvent(db, appointmentId);
      const conns = await connectionsOf(db, a.providerId);
      const target = a.status === 'confirmed' ? writeTarget(conns) : null;
      if (record && (!target || record.connectionId !== target.connection.id || !record.href.startsWith(withSlash(target.calendar.url)))) {
        const holder = conns.find((c) => c.id === record.connectionId);
        if (holder) await caldav.remove(loginOf(holder), record.href, null);
        await deleteBookingEvent(db, appointmentId);
        continue;
      }
      if (!target) return;
      if (record && record.sequence >= a.icsSequence) return;
      const login = loginOf(target.connection);
      const href = record?.href ?? `${withSlash(target.calendar.url)}${a.id}.ics`;
      const ics = calendarObject({
        uid: `${a.id}@slotted`,
        sequence: a.icsSequence,
        title: `${b.service.name} — ${b.client.name}`,
        providerName: b.provider.name,
        description: `With ${b.client.name} (client)`,
        location: b.service.location,
        startsAt: a.startsAt.toISOString(),
        endsAt: a.endsAt.toISOString(),
        stamp: a.updatedAt.toISOString(),
        url: `${deps.appUrl}/schedule`,
      });
      let etag: string | null;
      try {
        etag = record ? await caldav.update(login, href, ics, record.etag) : await caldav.create(login, href, ics);
      } catch (err) {
        if (!(err instanceof Precondition)) throw err;
        // Someone else wrote it first (another process, or a run that stopped before recording it).
        const current = await caldav.read(login, href);
        if (current && current.sequence >= a.icsSequence) {
          await saveBookingEvent(
            db,
            { appointmentId, connectionId: target.connection.id, href, etag: current.etag, sequence: current.sequence },
            clock.now(),
          );
          return;
        }
        etag = current ? await caldav.update(login, href, ics, current.etag) : await caldav.create(login, href, ics);
      }
      await saveBookingEvent(db, { appointmentId, connectionId: target.connection.id, href, etag, sequence: a.icsSequence }, clock.now());
      // A change committed while we wrote is written by its own job, or by this next round.
      const after = await bookingForEvent(db, appointmentId);
      if (!after || (after.appointment.status === a.status && after.appointment.icsSequence === a.icsSequence)) return;
    }
  }

  return {
    async list(user: UserRow): Promise<CalendarConnection[]> {
      return (await connectionsOf(db, user.id)).map(present);
    },

    /** Checks the login by discovering its calendars, then keeps it; every calendar blocks time at first. */
    async connect(user: UserRow, input: ConnectCalendarInput): Promise<CalendarConnection> {
      const serverUrl = input.server_url.includes('://') ? input.server_url : `https://${input.server_url}`;
      let calendars: { url: string; name: string }[];
      try {
        calendars = await caldav.discover({ serverUrl, username: input.username, password: input.password });
      } catch (err) {
        if (err instanceof LoginRefused) throw validationError({ [err.field]: [err.message] });
        throw err;
      }
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const row = await insertConnection(tx, {
          userId: user.id,
          serverUrl,
          username: input.username,
          passwordSealed: seal(deps.encryptionKey, input.password),
          calendars: calendars.map((k) => ({ ...k, blocks: true, writes: false })),
          now,
        });
        await enqueueSync(tx, row.id);
        return row;
      });
      jobs.wake();
      return present(created);
    },

    async update(user: UserRow, id: string, input: UpdateCalendarConnectionInput): Promise<CalendarConnection> {
      const c = await owned(user, id);
      const chosen = new Map(input.calendars.map((k) => [k.url, k]));
      const calendars = c.calendars.map((k) => {
        const choice = chosen.get(k.url);
        return choice ? { ...k, blocks: choice.blocks, writes: choice.writes } : k;
      });
      if (calendars.filter((k) => k.writes).length > 1) throw validationError({ calendars: ['Choose one calendar to write bookings to.'] });
      const now = clock.now();
      await db.transaction(async (tx) => {
        await updateConnection(tx, c.id, { calendars, updatedAt: now, syncAfter: now });
        await deleteBusyTimesExcept(
          tx,
          c.id,
          calendars.filter((k) => k.blocks).map((k) => k.url),
        );
        await enqueueSync(tx, c.id);
      });
      jobs.wake();
      const updated = await findConnection(db, c.id);
      if (!updated) throw notFound();
      return present(updated);
    },

    /** Disconnects: the stored busy times, event records and the sealed password go with the row. */
    async disconnect(user: UserRow, id: string): Promise<void> {
      const c = await owned(user, id);
      await deleteConnection(db, c.id);
    },

    /**
     * Called in the transaction of every change to a booking (confirmed, moved, cancelled): the
     * booking is written to the provider's calendar and the calendars are read again, by jobs that
     * exist only if that transaction commits.
     */
    async bookingChanged(tx: Tx, appointment: { id: string; providerId: string; slotId: number | null }): Promise<void> {
      if (appointment.slotId !== null) return;
      const conns = await connectionsOf(tx, appointment.providerId);
      if (conns.length === 0) return;
      if (writeTarget(conns)) await jobs.enqueue(tx, 'calendar.write-booking', { appointmentId: appointment.id });
      for (const c of conns) await enqueueSync(tx, c.id);
    },

    /** Registers the jobs: reading calendars, writing bookings, and the sweep that finds readings due. */
    register(): void {
      jobs.register<{ connectionId: string }>('calendar.sync', ({ connectionId }) => sync(connectionId));
      jobs.register<{ appointmentId: string }>('calendar.write-booking', ({ appointmentId }) => writeBooking(appointmentId));
      jobs.register(
        'calendar.sync-due',
        async () => {
          for (const id of await dueConnections(db, clock.now())) await enqueueSync(db, id);
        },
        { everyMs: 60_000 },
      );
    },
  };
}

export type CalendarConnectionsService = ReturnType<typeof calendarConnectionsService>;
