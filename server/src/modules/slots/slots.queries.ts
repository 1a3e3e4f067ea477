import { and, eq, gt, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { holdingTime, isActiveBooking } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, calendarBusyTimes, services, slots } from '../../db/schema.ts';
import { appointmentCounts, qualified, versionOf } from '../public-cache/index.ts';

type Instant = Date | Placeholder;

/** Class occurrences of the provider in [from, to) that are not cancelled. */
const liveIn = (providerId: string | SQL, from: Instant, to: Instant) =>
  and(eq(slots.providerId, providerId), isNull(slots.cancelledAt), gt(slots.endsAt, from), lt(slots.startsAt, to));

/** Places of an occurrence taken at `now`, counted from live bookings (a hold that just expired shows as free). */
const seatsTaken = (now: Instant) =>
  sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${and(eq(appointments.slotId, slots.id), isActiveBooking(now))})`;

/** Class occurrences of the provider in [from, to) that are not cancelled, with the places taken at `now`. */
export async function liveOccurrences(db: Db | Tx, providerId: string, from: Date, to: Date, now: Date) {
  return db
    .select({
      id: slots.id,
      serviceId: slots.serviceId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      capacity: slots.capacity,
      // One condition, not bare columns: in a select without joins Drizzle writes a top-level column unqualified.
      seatsTaken: seatsTaken(now),
    })
    .from(slots)
    .where(liveIn(providerId, from, to));
}

/** A booking holding time, as the slots read sends it: client, service, class occurrence, start and end (ms). */
export type BusyBooking = [clientId: string, serviceId: number, slotId: number | null, startsAt: number, endsAt: number];
/** A stored busy time of the provider's connected calendars: start and end (ms). */
export type CalendarBusy = [startsAt: number, endsAt: number];
/** A live class occurrence as the slots read sends it: id, service, start and end (ms), capacity, places taken. */
export type BusyOccurrence = [id: number, serviceId: number, startsAt: number, endsAt: number, capacity: number, seatsTaken: number];

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Everything a slots request reads, in one prepared statement and one round trip (issue 13): the
 * live service's provider, the provider's public data version, the service's appointment counts,
 * and the provider's busy time in [from, to) at `now` — the same conditions as `activeBookings` and
 * `liveOccurrences`, which a booking reads under the provider's lock. Rows travel as JSON arrays.
 */
export function slotsReadQuery(db: Db) {
  const provider = qualified(services.providerId);
  const [from, to, now] = [sql.placeholder('from'), sql.placeholder('to'), sql.placeholder('now')];
  return db
    .select({
      providerId: services.providerId,
      version: versionOf(provider),
      counts: appointmentCounts(provider, qualified(services.id)),
      bookings: sql<
        BusyBooking[]
      >`coalesce((SELECT json_agg(json_build_array(${qualified(appointments.clientId)}, ${qualified(appointments.serviceId)}, ${qualified(appointments.slotId)}, ${ms(qualified(appointments.startsAt))}, ${ms(qualified(appointments.endsAt))})) FROM ${appointments} WHERE ${holdingTime(provider, from, to, now)}), '[]'::json)`,
      occurrences: sql<
        BusyOccurrence[]
      >`coalesce((SELECT json_agg(json_build_array(${qualified(slots.id)}, ${qualified(slots.serviceId)}, ${ms(qualified(slots.startsAt))}, ${ms(qualified(slots.endsAt))}, ${qualified(slots.capacity)}, ${seatsTaken(now)})) FROM ${slots} WHERE ${liveIn(provider, from, to)}), '[]'::json)`,
      // Busy times of the provider's connected calendars, as the last sync stored them (D17).
      calendarBusy: sql<
        CalendarBusy[]
      >`coalesce((SELECT json_agg(json_build_array(${ms(qualified(calendarBusyTimes.startsAt))}, ${ms(qualified(calendarBusyTimes.endsAt))})) FROM ${calendarBusyTimes} WHERE ${and(eq(calendarBusyTimes.userId, provider), lt(calendarBusyTimes.startsAt, to), gt(calendarBusyTimes.endsAt, from))}), '[]'::json)`,
    })
    .from(services)
    .where(and(eq(services.id, sql.placeholder('serviceId')), isNull(services.deletedAt)))
    .limit(1)
    .prepare('slots_read');
}
