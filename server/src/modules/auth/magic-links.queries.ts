import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { magicLinks } from '../../db/schema.ts';

export type MagicLinkRow = typeof magicLinks.$inferSelect;

export async function insertMagicLink(db: Db | Tx, tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void> {
  await db.insert(magicLinks).values({ tokenHash, email, createdAt: now, expiresAt });
}

export async function findMagicLink(db: Db | Tx, tokenHash: string): Promise<MagicLinkRow | null> {
  const [row] = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks the link used; false if another request used it first (single use under concurrency). */
export async function consumeMagicLink(tx: Db | Tx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(magicLinks)
    .set({ usedAt: now })
    .where(and(eq(magicLinks.id, id), isNull(magicLinks.usedAt)))
    .returning({ id: magicLinks.id });
  return rows.length === 1;
}

/** A new person opened the link: keep it usable long enough to type a name. */
export async function markMagicLinkVerified(db: Db | Tx, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(magicLinks).set({ verifiedAt: now, expiresAt }).where(eq(magicLinks.id, id));
}

/**
 * Housekeeping: deletes used links, and links that expired before `expiredBefore` — kept a while
 * after expiry so that opening one says "expired" (408) rather than "not valid" (404).
 */
export async function deleteSpentMagicLinks(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(magicLinks).where(or(isNotNull(magicLinks.usedAt), lte(magicLinks.expiresAt, expiredBefore)));
}
