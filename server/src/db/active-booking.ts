import { and, eq, gt, or, type SQL } from 'drizzle-orm';
import { appointments } from './schema.ts';

/**
 * What holds a provider's time or a class place at `now` (docs/product-rules.md#holds):
 * a confirmed booking, or a hold that has not expired yet — whether or not housekeeping has
 * marked the expired ones. The database's partial indexes cannot read the clock, so they count
 * every 'held' row; expiring stale holds under the provider's lock keeps the two in step.
 */
export function isActiveBooking(now: Date): SQL {
  return or(eq(appointments.status, 'confirmed'), and(eq(appointments.status, 'held'), gt(appointments.holdExpiresAt, now)))!;
}
