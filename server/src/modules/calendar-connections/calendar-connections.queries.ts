import { aliasedTable, and, eq, gt, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  calendarBookingEvents,
  calendarBusyTimes,
  calendarConnections,
  services,
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

export async function findBookingEvent(db: Db, appointmentId: string): Promise<BookingEventRow | null> {
  const [row] = await db.select().from(calendarBookingEvents).where(eq(calendarBookingEvents.appointmentId, appointmentId)).limit(1);
  return row ?? null;
}

/** Records the event written; an older sequence never overwrites a newer one's record. */
export async function saveBookingEvent(db: Db, row: Omit<BookingEventRow, 'updatedAt'>, now: Date): Promise<void> {
  await db
    .insert(calendarBookingEvents)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: calendarBookingEvents.appointmentId,
      set: { connectionId: row.connectionId, href: row.href, etag: row.etag, sequence: row.sequence, updatedAt: now },
      setWhere: sql`${calendarBookingEvents.sequence} <= ${row.sequence}`,
    });
}

export async function deleteBookingEvent(db: Db, appointmentId: string): Promise<void> {
  await db.delete(calendarBookingEvents).where(eq(calendarBookingEvents.appointmentId, appointmentId));
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
