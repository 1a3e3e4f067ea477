import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isActiveBooking } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, services, slots, users } from '../../db/schema.ts';
import { appointmentCounts, qualified, versionOf } from '../public-cache/index.ts';

/**
 * Bookings holding the provider's time in [from, to): confirmed, or held and not yet expired
 * (docs/product-rules.md#availability).
 */
export async function activeBookings(db: Db | Tx, providerId: string, from: Date, to: Date, now: Date) {
  return db
    .select({
      clientId: appointments.clientId,
      clientName: users.name,
      serviceId: appointments.serviceId,
      slotId: appointments.slotId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.clientId))
    .where(
      and(eq(appointments.providerId, providerId), isActiveBooking(now), gt(appointments.endsAt, from), lt(appointments.startsAt, to)),
    );
}

/**
 * Class occurrences of the provider in [from, to) that are not cancelled. Places taken are
 * counted from live bookings, so a hold that just expired already shows as free.
 */
export async function liveOccurrences(db: Db | Tx, providerId: string, from: Date, to: Date, now: Date) {
  return db
    .select({
      id: slots.id,
      serviceId: slots.serviceId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      capacity: slots.capacity,
      // One condition, not bare columns: in a select without joins Drizzle writes a top-level column unqualified.
      seatsTaken: sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${and(eq(appointments.slotId, slots.id), isActiveBooking(now))})`,
    })
    .from(slots)
    .where(and(eq(slots.providerId, providerId), isNull(slots.cancelledAt), gt(slots.endsAt, from), lt(slots.startsAt, to)));
}

export async function slotIdsBookedBy(db: Db, clientId: string, slotIds: number[], now: Date): Promise<Set<number>> {
  if (slotIds.length === 0) return new Set();
  const rows = await db
    .select({ slotId: appointments.slotId })
    .from(appointments)
    .where(and(eq(appointments.clientId, clientId), inArray(appointments.slotId, slotIds), isActiveBooking(now)));
  return new Set(rows.map((r) => r.slotId!));
}

/**
 * What a slots request reads before anything else, in one prepared statement: the live service's
 * provider, the provider's public data version and the service's appointment counts.
 */
export function slotsHeadQuery(db: Db) {
  return db
    .select({
      providerId: services.providerId,
      version: versionOf(qualified(services.providerId)),
      counts: appointmentCounts(qualified(services.providerId), qualified(services.id)),
    })
    .from(services)
    .where(and(eq(services.id, sql.placeholder('serviceId')), isNull(services.deletedAt)))
    .limit(1)
    .prepare('slots_head');
}
