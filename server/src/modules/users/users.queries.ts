import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The account with this e-mail address (addresses are unique), or null. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** A provider by id or username; null for anyone who is not a provider. */
export async function findProvider(db: Db | Tx, by: { id: string } | { username: string }): Promise<UserRow | null> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.username, by.username.toLowerCase());
  const [row] = await db
    .select()
    .from(users)
    .where(and(where, eq(users.isProvider, true)))
    .limit(1);
  return row ?? null;
}
