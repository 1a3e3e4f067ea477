/**
 * Which bookings are due a reminder (docs/product-rules.md#reminders), written once and used both
 * by the sweep that finds them and by the claim that sends one, so both judge by the same rule.
 */
import { and, asc, eq, getTableName, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_REMINDER_HOURS, REMINDER_HOURS } from '@slotted/contract';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, policies, users } from '../../db/schema.ts';

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** A column with its table's name: inside the subqueries below, and in an UPDATE, drizzle would write it bare. */
const q = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The provider's reminder notice as it is now: a policy change applies to reminders not yet sent. */
const reminderHours = sql`coalesce((SELECT ${q(policies.reminderHoursBefore)} FROM ${policies} WHERE ${q(policies.providerId)} = ${q(appointments.providerId)}), ${sql.raw(String(DEFAULT_REMINDER_HOURS))})`;
/** starts_at − the notice: when the reminder is due. */
const remindAt = sql`(${q(appointments.startsAt)} - ${reminderHours} * interval '1 hour')`;
const MAX_REMINDER_HOURS = Math.max(...REMINDER_HOURS);

/**
 * A confirmed booking whose session has not started, whose reminder time has come, that was
 * confirmed no later than that time, whose client wants reminders, and that has had no reminder
 * for its current start (a booking moved to another time is due again).
 */
function reminderDue(now: Date): SQL {
  const rule = and(
    eq(appointments.status, 'confirmed'),
    gt(appointments.startsAt, now),
    // Redundant with the rule below, but lets the sweep read only the next two days of the index.
    lte(appointments.startsAt, new Date(now.getTime() + MAX_REMINDER_HOURS * 3_600_000)),
    sql`${q(appointments.remindedStartsAt)} IS DISTINCT FROM ${q(appointments.startsAt)}`,
    sql`${reminderHours} > 0`,
    sql`${remindAt} <= ${instant(now)}`,
    sql`${q(appointments.confirmedAt)} <= ${remindAt}`,
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${q(users.id)} = ${q(appointments.clientId)} AND ${q(users.reminders)})`,
  );
  // `and` of conditions that are all present is never undefined.
  return rule ?? sql`false`;
}

/** Bookings due a reminder now, soonest session first; at most `limit` (the rest at the next sweep). */
export async function dueReminders(db: Db, now: Date, limit: number): Promise<{ id: string; startsAt: Date }[]> {
  return db
    .select({ id: appointments.id, startsAt: appointments.startsAt })
    .from(appointments)
    .where(reminderDue(now))
    .orderBy(asc(appointments.startsAt))
    .limit(limit);
}

/**
 * Records, in `tx`, that the booking is reminded of its session at `startsAt`, if it is still due
 * one for that start; says whether it was. One conditional UPDATE: a concurrent claim or
 * cancellation of the same row waits for this one's commit and then finds the row no longer due,
 * so at most one transaction ever wins (PostgreSQL re-checks the row's own conditions after the
 * wait; PGlite runs one transaction at a time).
 */
export async function claimReminder(tx: Tx, id: string, startsAt: Date, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(appointments)
    .set({ remindedStartsAt: startsAt })
    .where(and(eq(appointments.id, id), eq(appointments.startsAt, startsAt), reminderDue(now)))
    .returning({ id: appointments.id });
  return claimed.length > 0;
}

/** The booking's provider, read before the claim's transaction (its policy is read outside it). */
export async function reminderProvider(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ providerId: appointments.providerId }).from(appointments).where(eq(appointments.id, id)).limit(1);
  return row?.providerId ?? null;
}
