import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

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
  if (!row) throw new Error('An upsert … RETURNING answers the row inserted or updated');
  const endsAt = row.windowStartedAt.getTime() + windowMs;
  return { allowed: row.hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Housekeeping: a bucket whose window ended counts nothing (the next hit starts a new window). */
export async function deleteStaleRateLimits(db: Db, windowMs: number, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  await db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.windowStartedAt, windowStart));
}

/**
 * Counts one hit against each key in turn, stopping at the first over its limit, and then answers
 * 429 naming the wait; the error carries `retryAfterSeconds`, sent as the Retry-After header.
 */
export async function enforceRateLimits(
  db: Db,
  rules: { key: string; limit: number }[],
  windowMs: number,
  now: Date,
  what: string,
): Promise<void> {
  for (const rule of rules) {
    const hit = await consumeRateLimit(db, rule.key, rule.limit, windowMs, now);
    if (!hit.allowed) {
      const wait = hit.retryAfterSeconds;
      throw new AppError('rate_limited', `Too many ${what}. Please try again in ${minutesText(wait)}.`, { retryAfterSeconds: wait });
    }
  }
}

/** A wait in seconds as people read it, rounded up to whole minutes: '1 minute', '10 minutes'. */
export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
}
