import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, users } from '../../db/schema.ts';
import type { UserRow } from '../auth/sessions.queries.ts';

/** A provider by id or username; null for anyone who is not a provider. */
export async function findProvider(db: Db, by: { id: string } | { username: string }): Promise<UserRow | null> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.username, by.username.toLowerCase());
  const [row] = await db.select().from(users).where(and(where, eq(users.isProvider, true))).limit(1);
  return row ?? null;
}

export async function livePlans(db: Db, providerId: string) {
  return db.select().from(plans).where(and(eq(plans.providerId, providerId), isNull(plans.deletedAt))).orderBy(asc(plans.priceCents), asc(plans.id));
}
