import { lte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
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
 * All the keys are counted in one statement (one round trip: a burst of bookings waits for each
 * request's counters before anything else, issue 26); a key after one over its limit is not counted.
 */
export async function enforceRateLimits(
  db: Db,
  rules: { key: string; limit: number }[],
  windowMs: number,
  now: Date,
  what: string,
): Promise<void> {
  if (rules.length === 0) return;
  const windowStart = new Date(now.getTime() - windowMs);
  const bucket = (i: number) => sql.identifier(`hit${i}`);
  // Each counter is one upsert in a chain of data-modifying CTEs; the next runs only if this one is within its limit.
  const upserts = rules.map((rule, i) => {
    const after = i === 0 ? sql`` : sql` FROM ${bucket(i - 1)} WHERE ${bucket(i - 1)}.hits <= ${rules[i - 1]?.limit ?? 0}`;
    return sql`${bucket(i)} AS (
      INSERT INTO rate_limit_buckets (key, window_started_at, hits) SELECT ${rule.key}, ${now}::timestamptz, 1${after}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_buckets.window_started_at <= ${windowStart}::timestamptz THEN 1 ELSE rate_limit_buckets.hits + 1 END,
        window_started_at = CASE WHEN rate_limit_buckets.window_started_at <= ${windowStart}::timestamptz THEN ${now}::timestamptz ELSE rate_limit_buckets.window_started_at END
      RETURNING hits, (extract(epoch from window_started_at) * 1000)::float8 AS started)`;
  });
  const results = sql.join(
    rules.map((_, i) => sql`SELECT ${i}::int AS i, hits, started FROM ${bucket(i)}`),
    sql` UNION ALL `,
  );
  const rows = rowsOf(await db.execute(sql`WITH ${sql.join(upserts, sql`, `)} ${results}`));
  for (const [i, rule] of rules.entries()) {
    const row = rows.find((r) => Number(r.i) === i);
    if (!row || Number(row.hits) <= rule.limit) continue;
    const wait = Math.max(1, Math.ceil((Number(row.started) + windowMs - now.getTime()) / 1000));
    throw new AppError('rate_limited', `Too many ${what}. Please try again in ${minutesText(wait)}.`, { retryAfterSeconds: wait });
  }
}

/** A wait in seconds as people read it, rounded up to whole minutes: '1 minute', '10 minutes'. */
export function minutesText(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
}
