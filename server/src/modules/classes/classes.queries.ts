import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, repeaters, slots } from '../../db/schema.ts';

export type RepeaterRow = typeof repeaters.$inferSelect;
export type SlotRow = typeof slots.$inferSelect;

export async function insertRepeater(tx: Tx, row: typeof repeaters.$inferInsert): Promise<RepeaterRow> {
  const [saved] = await tx.insert(repeaters).values(row).returning();
  if (!saved) throw new Error('INSERT … RETURNING answers the inserted row');
  return saved;
}

/** Inserts occurrences; ones that exist already (same repeater and start) are left alone. The new ones' ids. */
export async function insertOccurrences(tx: Db | Tx, rows: (typeof slots.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(slots)
    .values(rows)
    .onConflictDoNothing({ target: [slots.repeaterId, slots.startsAt] })
    .returning({ id: slots.id });
  return inserted.map((r) => r.id);
}

export async function setMaterialisedUntil(tx: Db | Tx, id: number, until: string): Promise<void> {
  await tx.update(repeaters).set({ materialisedUntil: until }).where(eq(repeaters.id, id));
}

/** Live repeating timetables of a provider whose occurrences stop before `until`. */
export async function repeatersToExtend(db: Db, providerId: string, until: string): Promise<RepeaterRow[]> {
  return db
    .select()
    .from(repeaters)
    .where(
      and(
        eq(repeaters.providerId, providerId),
        isNull(repeaters.endedAt),
        isNotNull(repeaters.repeatEveryWeeks),
        lt(repeaters.materialisedUntil, until),
      ),
    );
}

export async function findSlotForUpdate(tx: Tx, id: number): Promise<SlotRow | null> {
  const [row] = await tx.select().from(slots).where(eq(slots.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Cancels the given occurrences and every active booking in them. Returns the cancelled bookings' ids. */
export async function cancelOccurrences(tx: Tx, slotIds: number[], cancelledBy: string, now: Date): Promise<string[]> {
  if (slotIds.length === 0) return [];
  await tx
    .update(slots)
    .set({ cancelledAt: now, seatsTaken: 0 })
    .where(and(inArray(slots.id, slotIds), isNull(slots.cancelledAt)));
  // A provider's cancellation always refunds in full
  // (docs/product-rules.md#cancellation-and-refunds): a membership credit comes back here (a
  // booking without membership_id holds none); card payments are refunded by the bookings'
  // module (ClassesDeps.bookingsCancelled).
  const cancelled = await tx
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy,
      membershipId: null,
      membershipGroupId: null,
      // A credit given back no longer pays for the booking ('Included in membership' would be untrue).
      paymentMethod: sql`CASE WHEN ${appointments.paymentMethod} = 'membership' THEN NULL ELSE ${appointments.paymentMethod} END`,
      // The e-mailed CANCEL outranks every calendar file sent before it.
      icsSequence: sql`${appointments.icsSequence} + 1`,
      updatedAt: now,
    })
    .where(and(inArray(appointments.slotId, slotIds), inArray(appointments.status, ['held', 'confirmed'])))
    .returning({ id: appointments.id });
  return cancelled.map((r) => r.id);
}

/** Ids of a repeater's occurrences from `startsAt` on that are not cancelled yet. */
export async function laterOccurrenceIds(tx: Tx, repeaterId: number, startsAt: Date): Promise<number[]> {
  const rows = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.repeaterId, repeaterId), gte(slots.startsAt, startsAt), isNull(slots.cancelledAt)));
  return rows.map((r) => r.id);
}

export async function endRepeater(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(repeaters).set({ endedAt: now }).where(eq(repeaters.id, id));
}
