import { aliasedTable, and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, memberships, repeaters, services, slots, users } from '../../db/schema.ts';

export type Subset = 'future' | 'past' | 'cancelled';
const LIMIT = 300;

const client = aliasedTable(users, 'client');
const provider = aliasedTable(users, 'provider');

const serviceCols = {
  id: services.id,
  name: services.name,
  type: services.type,
  location: services.location,
  duration: services.durationMinutes,
  capacity: services.capacity,
};
const providerCols = {
  name: provider.name,
  username: provider.username,
  avatarImageId: provider.avatarImageId,
  timezone: provider.timezone,
};
/** What the roster shows of a booking: its price, how it is paid, and the check-in. */
const rosterCols = {
  priceCents: appointments.priceCents,
  paymentMethod: appointments.paymentMethod,
  paidAt: appointments.paidAt,
  membershipId: appointments.membershipId,
  membershipName: memberships.name,
  attendance: appointments.attendance,
};

function window(endsAt: typeof slots.endsAt | typeof appointments.endsAt, cancelled: SQL, subset: Subset, now: Date): SQL | undefined {
  if (subset === 'future') return gt(endsAt, now);
  if (subset === 'past') return lte(endsAt, now);
  return cancelled;
}

/** The provider's class occurrences in the subset, with their timetable. */
export async function providerClassSlots(db: Db, providerId: string, subset: Subset, now: Date) {
  return db
    .select({
      slot: slots,
      service: serviceCols,
      provider: providerCols,
      repeater: { id: repeaters.id, weekdays: repeaters.weekdays, startLocal: repeaters.startLocal, every: repeaters.repeatEveryWeeks },
    })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .innerJoin(provider, eq(provider.id, slots.providerId))
    .leftJoin(repeaters, eq(repeaters.id, slots.repeaterId))
    .where(and(eq(slots.providerId, providerId), window(slots.endsAt, isNotNull(slots.cancelledAt), subset, now)))
    .orderBy(subset === 'future' ? asc(slots.startsAt) : desc(slots.startsAt))
    .limit(LIMIT);
}

/** Confirmed and cancelled bookings (not holds) of the given class occurrences. */
export async function bookingsOfSlots(db: Db, slotIds: number[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      slotId: appointments.slotId,
      status: appointments.status,
      cancelledAt: appointments.cancelledAt,
      client: { id: client.id, name: client.name, avatarImageId: client.avatarImageId },
      roster: rosterCols,
    })
    .from(appointments)
    .innerJoin(client, eq(client.id, appointments.clientId))
    .leftJoin(memberships, eq(memberships.id, appointments.membershipId))
    .where(and(inArray(appointments.slotId, slotIds), inArray(appointments.status, ['confirmed', 'cancelled'])))
    .orderBy(asc(client.name));
}

/**
 * Bookings the viewer takes part in, as client of anyone or as provider of a 1:1 appointment
 * (their own classes come as occurrences instead).
 */
export async function viewerBookings(db: Db, viewerId: string, subset: Subset, now: Date) {
  return db
    .select({
      appointment: appointments,
      service: serviceCols,
      provider: providerCols,
      client: { id: client.id, name: client.name, avatarImageId: client.avatarImageId },
      slotCancelledAt: slots.cancelledAt,
      slotSeatsTaken: slots.seatsTaken,
      roster: rosterCols,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .innerJoin(client, eq(client.id, appointments.clientId))
    .leftJoin(slots, eq(slots.id, appointments.slotId))
    .leftJoin(memberships, eq(memberships.id, appointments.membershipId))
    .where(
      and(
        inArray(appointments.status, ['confirmed', 'cancelled']),
        or(eq(appointments.clientId, viewerId), and(eq(appointments.providerId, viewerId), isNull(appointments.slotId))),
        window(appointments.endsAt, eq(appointments.status, 'cancelled'), subset, now),
      ),
    )
    .orderBy(subset === 'future' ? asc(appointments.startsAt) : desc(appointments.startsAt))
    .limit(LIMIT);
}
