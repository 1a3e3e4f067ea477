import { and, eq, gt, lte, or, type Placeholder, type SQL } from 'drizzle-orm';
import { appointments } from './schema.ts';

/** An instant, or a prepared statement's parameter for one. */
type Instant = Date | Placeholder;

/** A hold whose 10 minutes have not run out at `now` (docs/product-rules.md#holds). */
export function isLiveHold(now: Instant): SQL {
  return and(eq(appointments.status, 'held'), gt(appointments.holdExpiresAt, now))!;
}

/** A hold past its expiry that nobody has marked expired yet. */
export function isStaleHold(now: Date): SQL {
  return and(eq(appointments.status, 'held'), lte(appointments.holdExpiresAt, now))!;
}

/**
 * What holds a provider's time or a class place at `now` (docs/product-rules.md#holds): a
 * confirmed booking or a live hold — whether or not the stale holds have been marked expired yet.
 * The database's partial indexes cannot read the clock, so they count every 'held' row: a
 * booking that meets a stale hold there (the exclusion constraint, a full class) marks it expired
 * and tries again, and housekeeping marks the rest.
 */
export function isActiveBooking(now: Instant): SQL {
  return or(eq(appointments.status, 'confirmed'), isLiveHold(now))!;
}
