import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { gatheredLookups } from '../lib/gathered-lookups.ts';

export const SESSION_TTL_DAYS = 30;
const DAY_MS = 86_400_000;

export async function insertSession(tx: Db | Tx, idHash: string, userId: string, now: Date, userAgent: string | null): Promise<void> {
  await tx.insert(sessions).values({
    idHash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_DAYS * DAY_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}

export async function deleteSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * The signed-in user of a live session (none when it is unknown or expired), read by every request
 * with a session cookie. One prepared statement (its SQL built once per process and planned once
 * per connection) reads the sessions of every request that asked while the previous reads were
 * under way (`gatheredLookups`): a burst of 100 requests sends a few reads, not 100 (issue 26).
 * A session is alive if it had not expired when the read was sent.
 */
export function sessionUsers(db: Db, clock: Clock) {
  const query = db
    .select({ idHash: sessions.idHash, user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.idHash} = ANY(${sql.placeholder('idHashes')}::text[])`, gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_users');
  return gatheredLookups(async (idHashes) => {
    const rows = await query.execute({ idHashes, now: clock.now() });
    return new Map(rows.map(({ idHash, ...found }) => [idHash, found]));
  });
}

/** Sliding expiry: a session in use stays alive. */
export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_DAYS * DAY_MS) })
    .where(eq(sessions.idHash, idHash));
}

/** Housekeeping: expired sessions can never be used again. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
