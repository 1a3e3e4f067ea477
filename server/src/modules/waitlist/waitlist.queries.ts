import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isActiveBooking } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { allOf } from '../../db/sql-conditions.ts';
import { appointments, services, slots, users, waitlistEntries } from '../../db/schema.ts';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/**
 * In line: waiting, with no offer yet or an offer still held (live or not yet marked lapsed). An
 * entry whose offer was confirmed, or expired, is out of line even before the fill job tidies it.
 */
export const inLine: SQL = allOf(
  eq(waitlistEntries.status, 'waiting'),
  or(
    isNull(waitlistEntries.offerId),
    sql`EXISTS (SELECT 1 FROM appointments offer WHERE offer.id = "waitlist_entries"."offer_id" AND offer.status = 'held')`,
  ),
);

/** The occurrence with its class service (the price and waitlist size). */
export async function findSlotWithService(executor: Db | Tx, slotId: number) {
  const [row] = await executor
    .select({ slot: slots, service: services })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(eq(slots.id, slotId))
    .limit(1);
  return row ?? null;
}

/** The occurrence's line in order (waiting entries), each with its offer's state. */
export async function lineOf(tx: Tx, slotId: number) {
  return tx
    .select({
      entry: waitlistEntries,
      client: { name: users.name, email: users.email, timezone: users.timezone },
      offerStatus: appointments.status,
      offerExpiresAt: appointments.holdExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.offerId))
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id));
}

export async function setEntries(tx: Tx, ids: number[], set: Partial<typeof waitlistEntries.$inferInsert>): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(waitlistEntries).set(set).where(inArray(waitlistEntries.id, ids));
}

/** Whether anyone waits in line for the occurrence (with or without an offer). */
export async function anyoneWaiting(tx: Tx, slotId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}

/** Clients other than `clientId` waiting for the occurrence without an offer. */
export async function othersWaiting(tx: Tx, slotId: number, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.status, 'waiting'),
        isNull(waitlistEntries.offerId),
        sql`${waitlistEntries.clientId} <> ${clientId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the client has a place (confirmed, or a live hold) in the occurrence. */
export async function hasPlace(executor: Db | Tx, slotId: number, clientId: string, now: Date): Promise<boolean> {
  const [row] = await executor
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), eq(appointments.clientId, clientId), isActiveBooking(now)))
    .limit(1);
  return row !== undefined;
}

export async function countInLine(executor: Db | Tx, slotId: number): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), inLine));
  return row?.n ?? 0;
}

/** The client's waiting entry for the occurrence, if any. */
export async function waitingEntryOf(executor: Db | Tx, slotId: number, clientId: string): Promise<WaitlistEntryRow | null> {
  const [row] = await executor
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.clientId, clientId), eq(waitlistEntries.status, 'waiting')))
    .limit(1);
  return row ?? null;
}

export async function insertEntry(tx: Tx, row: typeof waitlistEntries.$inferInsert): Promise<WaitlistEntryRow> {
  const [saved] = await tx.insert(waitlistEntries).values(row).returning();
  if (!saved) throw new Error('waitlist entry not inserted');
  return saved;
}

/** 1-based positions in line of the entries `ids` (in line: see `inLine`). */
export async function positionsOf(executor: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  // Those in line up to and including the entry (in line: see `inLine`), named in full so the
  // subquery's columns cannot be taken for the outer row's.
  const ahead = sql<number>`(SELECT count(*) FROM waitlist_entries w2
    WHERE w2.slot_id = "waitlist_entries"."slot_id" AND w2.id <= "waitlist_entries"."id" AND w2.status = 'waiting'
      AND (w2.offer_id IS NULL OR EXISTS (SELECT 1 FROM appointments a2 WHERE a2.id = w2.offer_id AND a2.status = 'held')))`.mapWith(
    Number,
  );
  const rows = await executor
    .select({ id: waitlistEntries.id, position: ahead })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.id, ids));
  return new Map(rows.map((r) => [r.id, r.position]));
}

/** The client's positions in the lines of these occurrences, by occurrence. */
export async function positionsOfClient(db: Db, clientId: string, slotIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: waitlistEntries.id, slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.clientId, clientId), inArray(waitlistEntries.slotId, slotIds), inLine));
  const positions = await positionsOf(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.slotId, positions.get(r.id) ?? 0]));
}

/** The client's entries in line for occurrences not yet started and not cancelled. */
export async function entriesOfClient(db: Db, clientId: string, now: Date) {
  return db
    .select({
      entry: waitlistEntries,
      slot: { id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt },
      service: { id: services.id, name: services.name },
      provider: { name: users.name, username: users.username },
      offerStatus: appointments.status,
      offerExpiresAt: appointments.holdExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(services, eq(services.id, slots.serviceId))
    .innerJoin(users, eq(users.id, slots.providerId))
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.offerId))
    .where(and(eq(waitlistEntries.clientId, clientId), inLine, isNull(slots.cancelledAt), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt));
}

/** The occurrence's line with the clients' names, in order. */
export async function lineWithClients(db: Db, slotId: number) {
  return db
    .select({
      entry: waitlistEntries,
      client: { id: users.id, name: users.name, avatarImageId: users.avatarImageId },
      offerStatus: appointments.status,
      offerExpiresAt: appointments.holdExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.offerId))
    .where(and(eq(waitlistEntries.slotId, slotId), inLine))
    .orderBy(asc(waitlistEntries.id));
}

/** How many are in line for each of the occurrences (schedule cards). */
export async function lineCounts(db: Db, slotIds: number[]): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({ slotId: waitlistEntries.slotId, n: count() })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.slotId, slotIds), inLine))
    .groupBy(waitlistEntries.slotId);
  return new Map(rows.map((r) => [r.slotId, r.n]));
}

/** Waiting entries of cancelled occurrences, with the clients' e-mail and the class's name and time. */
export async function waitingOf(tx: Tx, slotIds: number[]) {
  if (slotIds.length === 0) return [];
  return tx
    .select({
      entry: waitlistEntries,
      client: { name: users.name, email: users.email, timezone: users.timezone },
      slot: { id: slots.id, startsAt: slots.startsAt },
      service: { name: services.name },
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(and(inArray(waitlistEntries.slotId, slotIds), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id));
}

/** The provider's occurrences, not yet started, that somebody waits for. */
export async function occurrencesWithLines(tx: Tx, providerId: string, now: Date): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: slots.id })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .where(
      and(eq(slots.providerId, providerId), gt(slots.startsAt, now), isNull(slots.cancelledAt), eq(waitlistEntries.status, 'waiting')),
    );
  return rows.map((r) => r.id);
}
