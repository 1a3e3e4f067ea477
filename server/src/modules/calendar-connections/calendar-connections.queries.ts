import { aliasedTable, and, asc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  calendarBookingEvents,
  calendarBusyTimes,
  calendarClassEvents,
  calendarConnections,
  services,
  slots,
  users,
  type StoredCalendar,
} from '../../db/schema.ts';

export type ConnectionRow = typeof calendarConnections.$inferSelect;
export type BookingEventRow = typeof calendarBookingEvents.$inferSelect;

export async function connectionsOf(db: Db | Tx, userId: string): Promise<ConnectionRow[]> {
  return db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)).orderBy(calendarConnections.createdAt);
}

export async function findConnection(db: Db | Tx, id: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, id)).limit(1);
  return row ?? null;
}

export async function insertConnection(
  db: Db | Tx,
  row: { userId: string; serverUrl: string; username: string; passwordSealed: string; calendars: StoredCalendar[]; now: Date },
): Promise<ConnectionRow> {
  const { now, ...values } = row;
  const [created] = await db
    .insert(calendarConnections)
    .values({ ...values, syncAfter: now, createdAt: now, updatedAt: now })
    .returning();
  if (!created) throw new Error('calendar connection not inserted');
  return created;
}

export async function updateConnection(db: Db | Tx, id: string, set: Partial<typeof calendarConnections.$inferInsert>): Promise<void> {
  await db.update(calendarConnections).set(set).where(eq(calendarConnections.id, id));
}

export async function deleteConnection(db: Db | Tx, id: string): Promise<void> {
  // Busy times and written-event records go with it (ON DELETE CASCADE).
  await db.delete(calendarConnections).where(eq(calendarConnections.id, id));
}

/** Connections whose next fetch is due. */
export async function dueConnections(db: Db, now: Date): Promise<string[]> {
  const rows = await db.select({ id: calendarConnections.id }).from(calendarConnections).where(lte(calendarConnections.syncAfter, now));
  return rows.map((r) => r.id);
}

/** Replaces a connection's stored busy times with a fresh reading. */
export async function replaceBusyTimes(
  tx: Tx,
  connection: ConnectionRow,
  intervals: { calendarUrl: string; start: number; end: number }[],
): Promise<void> {
  await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, connection.id));
  for (let i = 0; i < intervals.length; i += 500) {
    await tx.insert(calendarBusyTimes).values(
      intervals.slice(i, i + 500).map((b) => ({
        connectionId: connection.id,
        calendarUrl: b.calendarUrl,
        userId: connection.userId,
        startsAt: new Date(b.start),
        endsAt: new Date(b.end),
      })),
    );
  }
}

/** Forgets the busy times of a connection's calendars that no longer block (the choice takes effect at once). */
export async function deleteBusyTimesExcept(tx: Db | Tx, connectionId: string, blocking: string[]): Promise<void> {
  await tx
    .delete(calendarBusyTimes)
    .where(
      and(
        eq(calendarBusyTimes.connectionId, connectionId),
        blocking.length > 0 ? notInArray(calendarBusyTimes.calendarUrl, blocking) : undefined,
      ),
    );
}

/** The stored busy times of a person touching [from, to). */
export async function storedBusyTimes(db: Db | Tx, userId: string, from: Date, to: Date) {
  return db
    .select({ startsAt: calendarBusyTimes.startsAt, endsAt: calendarBusyTimes.endsAt })
    .from(calendarBusyTimes)
    .where(and(eq(calendarBusyTimes.userId, userId), lt(calendarBusyTimes.startsAt, to), gt(calendarBusyTimes.endsAt, from)));
}

const client = aliasedTable(users, 'client');
const provider = aliasedTable(users, 'provider');

/** A booking as its calendar event needs it. */
export async function bookingForEvent(db: Db, id: string) {
  const [row] = await db
    .select({ appointment: appointments, service: services, client, provider })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row ?? null;
}

/** Where a booking's (by appointment id) or a class occurrence's (by slot id) event was written. */
export type EventRef = { kind: 'booking'; id: string } | { kind: 'occurrence'; id: number };
export type WrittenEvent = Omit<BookingEventRow, 'appointmentId' | 'updatedAt'>;

export async function findWrittenEvent(db: Db, ref: EventRef): Promise<WrittenEvent | null> {
  const [row] =
    ref.kind === 'booking'
      ? await db.select().from(calendarBookingEvents).where(eq(calendarBookingEvents.appointmentId, ref.id)).limit(1)
      : await db.select().from(calendarClassEvents).where(eq(calendarClassEvents.slotId, ref.id)).limit(1);
  return row ?? null;
}

/** Records the event written; an older sequence never overwrites a newer one's record. */
export async function saveWrittenEvent(db: Db, ref: EventRef, row: WrittenEvent, now: Date): Promise<void> {
  const set = { connectionId: row.connectionId, href: row.href, etag: row.etag, sequence: row.sequence, updatedAt: now };
  if (ref.kind === 'booking') {
    await db
      .insert(calendarBookingEvents)
      .values({ appointmentId: ref.id, ...set })
      .onConflictDoUpdate({
        target: calendarBookingEvents.appointmentId,
        set,
        setWhere: sql`${calendarBookingEvents.sequence} <= ${row.sequence}`,
      });
  } else {
    await db
      .insert(calendarClassEvents)
      .values({ slotId: ref.id, ...set })
      .onConflictDoUpdate({ target: calendarClassEvents.slotId, set, setWhere: sql`${calendarClassEvents.sequence} <= ${row.sequence}` });
  }
}

export async function deleteWrittenEvent(db: Db, ref: EventRef): Promise<void> {
  if (ref.kind === 'booking') await db.delete(calendarBookingEvents).where(eq(calendarBookingEvents.appointmentId, ref.id));
  else await db.delete(calendarClassEvents).where(eq(calendarClassEvents.slotId, ref.id));
}

/** A class occurrence as its calendar event needs it: the class, the provider and who has a place. */
export async function occurrenceForEvent(db: Db, slotId: number) {
  const [row] = await db
    .select({ slot: slots, service: services, provider })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .innerJoin(provider, eq(provider.id, slots.providerId))
    .where(eq(slots.id, slotId))
    .limit(1);
  if (!row) return null;
  const booked = await db
    .select({ name: client.name })
    .from(appointments)
    .innerJoin(client, eq(client.id, appointments.clientId))
    .where(and(eq(appointments.slotId, slotId), eq(appointments.status, 'confirmed')))
    .orderBy(asc(client.name), asc(appointments.id));
  return { ...row, clients: booked.map((b) => b.name) };
}

/** Raises the SEQUENCE of occurrences whose places taken changed in `tx`. */
export async function raiseOccurrenceSequences(tx: Tx, slotIds: number[]): Promise<void> {
  if (slotIds.length === 0) return;
  await tx
    .update(slots)
    .set({ icsSequence: sql`${slots.icsSequence} + 1` })
    .where(inArray(slots.id, slotIds));
}

/**
 * What a provider's write calendar should hold from `now` on, and what was written there before:
 * 1:1 bookings that are confirmed or have an event, and occurrences that are scheduled or have one.
 */
export async function upcomingEvents(db: Db, providerId: string, now: Date): Promise<{ bookings: string[]; occurrences: number[] }> {
  const bookings = await db
    .select({ id: appointments.id })
    .from(appointments)
    .leftJoin(calendarBookingEvents, eq(calendarBookingEvents.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.providerId, providerId),
        isNull(appointments.slotId),
        gt(appointments.endsAt, now),
        or(eq(appointments.status, 'confirmed'), sql`${calendarBookingEvents.appointmentId} IS NOT NULL`),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const occurrences = await db
    .select({ id: slots.id })
    .from(slots)
    .leftJoin(calendarClassEvents, eq(calendarClassEvents.slotId, slots.id))
    .where(
      and(
        eq(slots.providerId, providerId),
        gt(slots.endsAt, now),
        or(isNull(slots.cancelledAt), sql`${calendarClassEvents.slotId} IS NOT NULL`),
      ),
    )
    .orderBy(asc(slots.startsAt));
  return { bookings: bookings.map((b) => b.id), occurrences: occurrences.map((o) => o.id) };
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
