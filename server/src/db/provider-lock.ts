/**
 * The lock that serialises a provider's bookings (docs/architecture.md#bookings-and-their-integrity): the checks of
 * their time and the insert happen under it. It lives with the database layer because booking,
 * classes and housekeeping all take it, and none of them should depend on another for it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { providerVersions, users } from './schema.ts';

/**
 * Locks the provider's user row until the transaction ends, and answers their public data version
 * (docs/decisions/0008-public-data-version.md) as the locking statement read it: every write of
 * the provider's data committed before the statement began is in it. A booking compares it with
 * the version of the inputs it checks against (docs/decisions/0021-booking-inputs-checked-under-the-lock.md).
 */
export async function lockProvider(tx: Tx, providerId: string): Promise<number> {
  const [row] = await tx
    .select({
      version:
        sql<number>`coalesce((SELECT ${providerVersions.version} FROM ${providerVersions} WHERE ${providerVersions.providerId} = ${providerId}), 1)::int`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(eq(users.id, providerId))
    .for('update');
  // No row: no such user, nothing to lock; a version no input has.
  return row?.version ?? 0;
}
