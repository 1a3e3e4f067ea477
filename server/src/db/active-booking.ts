import { eq, gt, lt, lte, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { allOf, anyOf } from './sql-conditions.ts';
import { appointments, users } from './schema.ts';

/** An instant, or a prepared statement's parameter for one. */
type Instant = Date | Placeholder;

/** A hold whose 10 minutes have not run out at `now` (docs/product-rules.md#holds). */
export function isLiveHold(now: Instant): SQL {
  return allOf(eq(appointments.status, 'held'), gt(appointments.holdExpiresAt, now));
}

/** A hold past its expiry that nobody has marked expired yet. */
export function isStaleHold(now: Date): SQL {
  return allOf(eq(appointments.status, 'held'), lte(appointments.holdExpiresAt, now));
}

/**
 * What holds a provider's time or a class place at `now` (docs/product-rules.md#holds): a
 * confirmed booking or a live hold — whether or not the stale holds have been marked expired yet.
 * The database's partial indexes cannot read the clock, so they count every 'held' row: a
 * booking that meets a stale hold there (the exclusion constraint, a full class) marks it expired
 * and tries again, and housekeeping marks the rest.
 */
export function isActiveBooking(now: Instant): SQL {
  return anyOf(eq(appointments.status, 'confirmed'), isLiveHold(now));
}

/** Confirmed, or held and not yet expired (docs/product-rules.md#availability), in [from, to). */
export function holdingTime(providerId: string | SQL, from: Instant, to: Instant, now: Instant): SQL {
  return allOf(eq(appointments.providerId, providerId), isActiveBooking(now), gt(appointments.endsAt, from), lt(appointments.startsAt, to));
}

/** Bookings holding the provider's time in [from, to) at `now`. */
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
    .where(holdingTime(providerId, from, to, now));
}
