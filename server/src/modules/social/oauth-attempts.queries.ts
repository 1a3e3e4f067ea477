import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { identities, oauthAttempts, users } from '../../db/schema.ts';

export type OauthAttempt = typeof oauthAttempts.$inferSelect;

export async function insertAttempt(db: Db, row: typeof oauthAttempts.$inferInsert): Promise<void> {
  await db.insert(oauthAttempts).values(row);
}

/** Uses the attempt up (single use under concurrency); null when unknown or already used. */
export async function consumeAttempt(db: Db, stateHash: string, now: Date): Promise<OauthAttempt | null> {
  const [row] = await db
    .update(oauthAttempts)
    .set({ usedAt: now })
    .where(and(eq(oauthAttempts.stateHash, stateHash), isNull(oauthAttempts.usedAt)))
    .returning();
  return row ?? null;
}

/** The identity's user, and whether the provider had verified its e-mail when it was linked. */
export async function findIdentityUser(tx: Tx, provider: 'google' | 'facebook', subject: string) {
  const [row] = await tx
    .select({ userId: users.id, emailVerified: identities.emailVerified })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function insertIdentity(tx: Tx, row: typeof identities.$inferInsert): Promise<void> {
  await tx.insert(identities).values(row);
}

/** Housekeeping: used and expired attempts (anyone opening /auth/social/{provider} adds one). */
export async function deleteSpentAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(oauthAttempts).where(or(isNotNull(oauthAttempts.usedAt), lte(oauthAttempts.expiresAt, now)));
}
