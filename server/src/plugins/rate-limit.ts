import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema.ts';

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every app process
 * shares the count. Returns whether the hit is allowed and when the window ends.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`CASE WHEN ${rateLimitBuckets.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${rateLimitBuckets.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimitBuckets.windowStartedAt} <= ${windowStart} THEN ${now} ELSE ${rateLimitBuckets.windowStartedAt} END`,
      },
    })
    .returning({ hits: rateLimitBuckets.hits, windowStartedAt: rateLimitBuckets.windowStartedAt });
  const endsAt = row!.windowStartedAt.getTime() + windowMs;
  return { allowed: row!.hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}
