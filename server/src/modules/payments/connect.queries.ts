/** The provider's Stripe account on their user row (Stripe Connect, D12). */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { bumpProviderVersion } from '../public-cache/index.ts';

/**
 * Stores the provider's account unless one is stored already, and answers the one that is: of two
 * simultaneous first visits, both keep the account the first stored.
 */
export async function keepStripeAccount(db: Db, userId: string, accountId: string, now: Date): Promise<string> {
  await db
    .update(users)
    .set({ stripeAccountId: accountId, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.stripeAccountId)));
  const [row] = await db.select({ accountId: users.stripeAccountId }).from(users).where(eq(users.id, userId));
  // Set just above, unless a simultaneous call set another first: either way there is one.
  if (!row?.accountId) throw new Error(`User ${userId} has no Stripe account after saving one`);
  return row.accountId;
}

export async function hasStripeAccount(db: Db | Tx, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeAccountId, accountId));
  return Boolean(row);
}

/**
 * Whether the account can take charges now. Losing that also stops requiring payment
 * (the database's users_payment_needs_stripe check): clients must still be able to book.
 */
export async function setStripeConnected(tx: Tx, accountId: string, connected: boolean, now: Date): Promise<void> {
  const [changed] = await tx
    .update(users)
    .set({
      stripeConnected: connected,
      requirePayment: connected ? sql`${users.requirePayment}` : false,
      updatedAt: now,
    })
    .where(and(eq(users.stripeAccountId, accountId), ne(users.stripeConnected, connected)))
    .returning({ id: users.id });
  if (changed) await bumpProviderVersion(tx, changed.id);
}
