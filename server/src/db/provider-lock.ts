/**
 * The lock that serialises a provider's bookings (docs/architecture.md#bookings-and-their-integrity): the checks of
 * their time and the insert happen under it. It lives with the database layer because booking,
 * classes and housekeeping all take it, and none of them should depend on another for it.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { users } from './schema.ts';

/** Locks the provider's user row until the transaction ends. */
export async function lockProvider(tx: Tx, providerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, providerId)).for('update');
}
