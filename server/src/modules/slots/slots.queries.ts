import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, slots } from '../../db/schema.ts';

/** Bookings holding the provider's time in [from, to): confirmed, or held and not yet expired (D2, D4). */
export async function activeBookings(db: Db, providerId: string, from: Date, to: Date, now: Date) {
  return db
    .select({ clientId: appointments.clientId, serviceId: appointments.serviceId, slotId: appointments.slotId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        or(eq(appointments.status, 'confirmed'), and(eq(appointments.status, 'held'), gt(appointments.holdExpiresAt, now))),
        gt(appointments.endsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
}

/** Class occurrences of the provider in [from, to) that are not cancelled. */
export async function liveOccurrences(db: Db, providerId: string, from: Date, to: Date) {
  return db
    .select({ id: slots.id, serviceId: slots.serviceId, startsAt: slots.startsAt, endsAt: slots.endsAt, capacity: slots.capacity, seatsTaken: slots.seatsTaken })
    .from(slots)
    .where(and(eq(slots.providerId, providerId), isNull(slots.cancelledAt), gt(slots.endsAt, from), lt(slots.startsAt, to)));
}

export async function slotIdsBookedBy(db: Db, clientId: string, slotIds: number[], now: Date): Promise<Set<number>> {
  if (slotIds.length === 0) return new Set();
  const rows = await db
    .select({ slotId: appointments.slotId })
    .from(appointments)
    .where(
      and(
        eq(appointments.clientId, clientId),
        inArray(appointments.slotId, slotIds),
        or(eq(appointments.status, 'confirmed'), and(eq(appointments.status, 'held'), gt(appointments.holdExpiresAt, now))),
      ),
    );
  return new Set(rows.map((r) => r.slotId!));
}
