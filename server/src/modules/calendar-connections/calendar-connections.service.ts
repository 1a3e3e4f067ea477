/**
 * Calendar connections (D17, docs/product-rules.md#calendar-connections,
 * docs/decisions/0014-calendar-connections.md, 0015-class-occurrences-in-the-calendar.md).
 * Nothing here runs on the request path of slots or bookings: busy times are fetched by the
 * `calendar.sync` job and stored; 1:1 bookings and class occurrences are written by the
 * `calendar.write-booking` and `calendar.write-occurrences` jobs, which the transaction that
 * changed them enqueues (and `calendar.write-upcoming` when the write calendar is picked).
 */
import {
  calendarObject,
  type CalendarConnection,
  type CalendarEvent,
  type ConnectCalendarInput,
  type UpdateCalendarConnectionInput,
} from '@slotted/contract';
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
  deleteBusyTimesExcept,
  deleteConnection,
  deleteWrittenEvent,
  dueConnections,
  findConnection,
  findUser,
  findWrittenEvent,
  insertConnection,
  occurrenceForEvent,
  raiseOccurrenceSequences,
  replaceBusyTimes,
  saveWrittenEvent,
  upcomingEvents,
  updateConnection,
  type ConnectionRow,
  type EventRef,
} from './calendar-connections.queries.ts';

const DAY_MS = 86_400_000;
/** How often a working connection is read again. */
export const SYNC_EVERY_MS = 5 * 60_000;
/** What a reading covers: from yesterday to beyond the longest booking horizon. */
const SYNC_BACK_MS = DAY_MS;
const SYNC_AHEAD_MS = 400 * DAY_MS;
/** Occurrences written by one job: a timetable's worth, short enough to finish well within a lease. */
const WRITE_BATCH = 25;

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

  /**
   * Reads the blocking calendars and stores what they block; on failure keeps the last reading and
   * backs off. A calendar ticked while this reading ran is read by a next round at once: its
   * `calendar.sync` job was not added (the key is this running one's), and would otherwise wait
   * for the next reading five minutes on.
   */
  async function sync(connectionId: string): Promise<void> {
    for (let round = 0; round < 3; round++) {
      if (!(await syncOnce(connectionId))) return;
    }
  }

  /** One reading; true when a calendar was ticked meanwhile and is still unread. */
  async function syncOnce(connectionId: string): Promise<boolean> {
    const c = await findConnection(db, connectionId);
    if (!c) return false;
    const owner = await findUser(db, c.userId);
    if (!owner) return false;
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
      const read = new Set(c.calendars.filter((k) => k.blocks).map((k) => k.url));
      return await db.transaction(async (tx) => {
        // The choice may have changed while we read: keep only calendars that block now.
        const current = await findConnection(tx, c.id);
        if (!current) return false;
        const blocking = new Set(current.calendars.filter((k) => k.blocks).map((k) => k.url));
        if ([...blocking].some((url) => !read.has(url))) {
          // Newly ticked meanwhile: read again now rather than in five minutes.
          await updateConnection(tx, c.id, { syncAfter: now });
          return true;
        }
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
        return false;
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
      return false;
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
   * What the calendar should hold for a booking or an occurrence now: its provider, its SEQUENCE,
   * and the event, or null when it should not be in any calendar (cancelled, not confirmed).
   * Null altogether when there is nothing of it to write (gone, or a class booking: the class's
   * occurrence is written instead).
   */
  async function wanted(ref: EventRef): Promise<{ providerId: string; sequence: number; event: CalendarEvent | null } | null> {
    if (ref.kind === 'booking') {
      const b = await bookingForEvent(db, ref.id);
      if (!b || b.appointment.slotId !== null) return null;
      const a = b.appointment;
      return {
        providerId: a.providerId,
        sequence: a.icsSequence,
        event:
          a.status !== 'confirmed'
            ? null
            : {
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
              },
      };
    }
    const o = await occurrenceForEvent(db, ref.id);
    if (!o) return null;
    const taken = o.clients.length;
    return {
      providerId: o.slot.providerId,
      sequence: o.slot.icsSequence,
      event:
        o.slot.cancelledAt !== null
          ? null
          : {
              // The feed's UID for the occurrence (calendar-feeds), so both name the same event.
              uid: `class-${o.slot.id}@slotted`,
              sequence: o.slot.icsSequence,
              title: `${o.service.name} — places taken ${taken}/${o.slot.capacity}`,
              providerName: o.provider.name,
              description: taken === 0 ? 'No places taken yet' : `${taken} of ${o.slot.capacity} places taken: ${o.clients.join(', ')}`,
              location: o.service.location,
              startsAt: o.slot.startsAt.toISOString(),
              endsAt: o.slot.endsAt.toISOString(),
              stamp: o.slot.createdAt.toISOString(),
              url: `${deps.appUrl}/schedule`,
            },
    };
  }

  const fileName = (ref: EventRef) => (ref.kind === 'booking' ? `${ref.id}.ics` : `class-${ref.id}.ics`);

  /**
   * Makes the event of a booking or class occurrence in the chosen calendar match it: created once
   * (a PUT with If-None-Match: * at an address derived from it, so two processes cannot make two),
   * updated with If-Match on the ETag we hold, deleted when it should no longer be there (cancelled,
   * or the provider chose another calendar or none). A newer SEQUENCE on the server is never
   * overwritten by an older state. Idempotent: a retry or a second process finds the work done.
   */
  async function writeEvent(ref: EventRef): Promise<void> {
    for (let round = 0; round < 4; round++) {
      const want = await wanted(ref);
      if (!want) return;
      const record = await findWrittenEvent(db, ref);
      const conns = await connectionsOf(db, want.providerId);
      const target = want.event ? writeTarget(conns) : null;
      if (record && (!target || record.connectionId !== target.connection.id || !record.href.startsWith(withSlash(target.calendar.url)))) {
        const holder = conns.find((c) => c.id === record.connectionId);
        if (holder) await caldav.remove(loginOf(holder), record.href, null);
        await deleteWrittenEvent(db, ref);
        continue;
      }
      if (!target || !want.event) return;
      if (record && record.sequence >= want.sequence) return;
      const login = loginOf(target.connection);
      const href = record?.href ?? `${withSlash(target.calendar.url)}${fileName(ref)}`;
      const ics = calendarObject(want.event);
      const save = (etag: string | null, sequence: number) =>
        saveWrittenEvent(db, ref, { connectionId: target.connection.id, href, etag, sequence }, clock.now());
      let etag: string | null;
      try {
        etag = record ? await caldav.update(login, href, ics, record.etag) : await caldav.create(login, href, ics);
      } catch (err) {
        if (!(err instanceof Precondition)) throw err;
        // Someone else wrote it first (another process, or a run that stopped before recording it).
        const current = await caldav.read(login, href);
        if (current && current.sequence >= want.sequence) {
          await save(current.etag, current.sequence);
          return;
        }
        etag = current ? await caldav.update(login, href, ics, current.etag) : await caldav.create(login, href, ics);
      }
      await save(etag, want.sequence);
      // A change committed while we wrote is written by its own job, or by this next round.
      const after = await wanted(ref);
      if (!after || ((after.event === null) === (want.event === null) && after.sequence === want.sequence)) return;
    }
  }

  /** Writes each in turn; one that fails does not keep the others from being written. */
  async function writeEach(refs: EventRef[]): Promise<void> {
    const failed: unknown[] = [];
    for (const ref of refs) {
      try {
        await writeEvent(ref);
      } catch (err) {
        failed.push(err);
      }
    }
    if (failed.length > 0) throw new Error(`${failed.length} of ${refs.length} calendar events not written: ${reason(failed[0])}`);
  }

  const enqueueOccurrences = async (tx: Tx, slotIds: number[]) => {
    for (let i = 0; i < slotIds.length; i += WRITE_BATCH) {
      await jobs.enqueue(tx, 'calendar.write-occurrences', { slotIds: slotIds.slice(i, i + WRITE_BATCH) });
    }
  };

  /**
   * After the write calendar was picked, changed or unpicked: every upcoming booking and
   * occurrence is written to the calendar now chosen (and removed from the one chosen before), by
   * jobs of a few events each, so none runs long and each is retried on its own.
   */
  async function writeUpcoming(providerId: string): Promise<void> {
    const { bookings, occurrences } = await upcomingEvents(db, providerId, clock.now());
    await db.transaction(async (tx) => {
      for (const id of bookings) await jobs.enqueue(tx, 'calendar.write-booking', { appointmentId: id });
      await enqueueOccurrences(tx, occurrences);
    });
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
      const writesTo = (ks: StoredCalendar[]) => ks.find((k) => k.writes)?.url ?? null;
      await db.transaction(async (tx) => {
        await updateConnection(tx, c.id, { calendars, updatedAt: now, syncAfter: now });
        // Bookings go to one calendar: picking one here unpicks the provider's other connections'.
        if (writesTo(calendars) !== null) {
          for (const other of await connectionsOf(tx, c.userId)) {
            if (other.id === c.id || writesTo(other.calendars) === null) continue;
            await updateConnection(tx, other.id, { calendars: other.calendars.map((k) => ({ ...k, writes: false })), updatedAt: now });
          }
        }
        // A newly picked (or changed, or unpicked) write calendar gets every upcoming event at once.
        if (writesTo(calendars) !== writesTo(c.calendars)) await jobs.enqueue(tx, 'calendar.write-upcoming', { providerId: c.userId });
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
     * booking — or, for a class booking, its occurrence (and the one it moved from), whose places
     * taken changed — is written to the provider's calendar, and the calendars are read again, by
     * jobs that exist only if that transaction commits.
     */
    async bookingChanged(
      tx: Tx,
      appointment: { id: string; providerId: string; slotId: number | null },
      movedFromSlotId: number | null = null,
    ): Promise<void> {
      const conns = await connectionsOf(tx, appointment.providerId);
      if (conns.length === 0) return;
      if (writeTarget(conns)) {
        if (appointment.slotId === null) await jobs.enqueue(tx, 'calendar.write-booking', { appointmentId: appointment.id });
        else {
          const slotIds = [...new Set([appointment.slotId, movedFromSlotId].filter((id): id is number => id !== null))];
          await raiseOccurrenceSequences(tx, slotIds);
          await enqueueOccurrences(tx, slotIds);
        }
      }
      if (appointment.slotId === null) for (const c of conns) await enqueueSync(tx, c.id);
    },

    /**
     * Called in the transaction that adds class occurrences (a new timetable, or one extended as
     * the booking horizon moves on) or cancels them: each is written to, or deleted from, the
     * provider's calendar by a job that exists only if that transaction commits.
     */
    async occurrencesChanged(tx: Tx, providerId: string, slotIds: number[]): Promise<void> {
      if (slotIds.length === 0) return;
      if (writeTarget(await connectionsOf(tx, providerId))) await enqueueOccurrences(tx, slotIds);
    },

    /** Registers the jobs: reading calendars, writing bookings and occurrences, and the sweep that finds readings due. */
    register(): void {
      jobs.register<{ connectionId: string }>('calendar.sync', ({ connectionId }) => sync(connectionId));
      jobs.register<{ appointmentId: string }>('calendar.write-booking', ({ appointmentId }) =>
        writeEvent({ kind: 'booking', id: appointmentId }),
      );
      jobs.register<{ slotIds: number[] }>('calendar.write-occurrences', ({ slotIds }) =>
        writeEach(slotIds.map((id) => ({ kind: 'occurrence', id }))),
      );
      jobs.register<{ providerId: string }>('calendar.write-upcoming', ({ providerId }) => writeUpcoming(providerId));
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
