import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Adds a job; with a key, only if no live job with that key exists (periodic and other once-only jobs). */
export async function insertJob(
  tx: Db | Tx,
  row: { kind: string; payload: unknown; runAt: Date; maxAttempts: number; key?: string; createdAt: Date },
): Promise<void> {
  const insert = tx.insert(jobs).values({ ...row, key: row.key ?? null });
  if (!row.key) return void (await insert);
  // A keyed job that is pending stays as it is; one that gave up is asked for again, so it starts
  // over (otherwise its row would block every later job of that key, such as a calendar's syncs).
  await insert.onConflictDoUpdate({
    target: jobs.key,
    set: {
      payload: row.payload,
      runAt: row.runAt,
      attempts: 0,
      maxAttempts: row.maxAttempts,
      failedAt: null,
      lastError: null,
      lockedUntil: null,
    },
    setWhere: isNotNull(jobs.failedAt),
  });
}

/**
 * Leases the next due job of one of `kinds` until `lockedUntil` and counts the attempt (so a job
 * that crashes its process still runs out of attempts). One statement, so nothing stays open while
 * the job runs; SKIP LOCKED lets other processes claim other jobs at the same moment.
 */
export async function claimJob(db: Db, kinds: string[], now: Date, lockedUntil: Date): Promise<JobRow | null> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(inArray(jobs.kind, kinds), isNull(jobs.failedAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  // `=` with a scalar subquery: evaluated once, so the LIMIT cannot be re-applied per row.
  const [row] = await db
    .update(jobs)
    .set({ lockedUntil, attempts: sql`${jobs.attempts} + 1` })
    .where(eq(jobs.id, sql`(${next})`))
    .returning();
  return row ?? null;
}

/** Our lease on the job: nothing is changed if it expired and another runner took the job over. */
const leased = (job: JobRow) => {
  if (!job.lockedUntil) throw new Error(`Job ${job.id} is not leased`);
  return and(eq(jobs.id, job.id), eq(jobs.lockedUntil, job.lockedUntil));
};

export async function deleteJob(db: Db, job: JobRow): Promise<void> {
  await db.delete(jobs).where(leased(job));
}

/** Releases the job to run again at `runAt` (a periodic job's next run, or a retry). */
export async function rescheduleJob(db: Db, job: JobRow, set: { runAt: Date; attempts?: number; lastError: string | null }): Promise<void> {
  await db
    .update(jobs)
    .set({ ...set, lockedUntil: null })
    .where(leased(job));
}

export async function failJob(db: Db, job: JobRow, now: Date, lastError: string): Promise<void> {
  await db.update(jobs).set({ failedAt: now, lastError, lockedUntil: null }).where(leased(job));
}
