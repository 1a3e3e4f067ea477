import { aliasedTable, and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { isActiveBooking, isStaleHold } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { allOf } from '../../db/sql-conditions.ts';
import { appointments, memberships, payments, plans, services, slots, users } from '../../db/schema.ts';
import { refundsByHandCents } from '../payments/index.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

/**
 * Marks the holds `where` selects as expired and gives their class places back: they stop
 * counting against capacity and the exclusion constraint, which cannot read the clock
 * (docs/product-rules.md#holds). Returns how many there were.
 */
async function expireHolds(tx: Tx, where: SQL, now: Date): Promise<number> {
  return (await expireHoldsReleasing(tx, where, now)).count;
}

/** expireHolds, saying which class occurrences got places back (one id per place). */
async function expireHoldsReleasing(tx: Tx, where: SQL, now: Date): Promise<{ count: number; slotIds: number[] }> {
  const expired = await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(where)
    .returning({ slotId: appointments.slotId });
  const slotIds = expired.map((e) => e.slotId).filter((id): id is number => id !== null);
  await releaseSeats(tx, slotIds);
  return { count: expired.length, slotIds };
}

/**
 * Housekeeping: every hold of the provider past its expiry (under the provider's lock). Returns
 * the class occurrences that got places back, for their waitlists (docs/product-rules.md#waitlist).
 */
export async function expireStaleHolds(tx: Tx, providerId: string, now: Date): Promise<number[]> {
  return (await expireHoldsReleasing(tx, allOf(eq(appointments.providerId, providerId), isStaleHold(now)), now)).slotIds;
}

/** One hold, expired now whatever its time left (a waitlist offer declined or lapsed); whether it was held. */
export async function expireHold(tx: Tx, id: string, now: Date): Promise<boolean> {
  return (await expireHolds(tx, allOf(eq(appointments.id, id), eq(appointments.status, 'held')), now)) > 0;
}

/** Where a booking goes, as the queries see it: a class occurrence, or a 1:1 time. */
export type BookingAt = { slotId: number } | { startsAt: Date; endsAt: Date };

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** 1:1 bookings overlapping [from, to), in the exclusion constraint's own terms so its index can answer. */
const overlapping = (from: SQL, to: SQL) =>
  and(
    isNull(appointments.slotId),
    sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}, '[)') && tstzrange(${from}, ${to}, '[)')`,
  );

/**
 * The provider's holds past their expiry that still stand where a booking goes (in its class
 * occurrence, or 1:1 holds overlapping its time): expired only when a booking meets them, or by
 * housekeeping, so a booking does not sweep the provider's holds every time. Returns how many.
 */
export async function expireHoldsAt(tx: Tx, providerId: string, at: BookingAt, now: Date): Promise<number> {
  const where = 'slotId' in at ? eq(appointments.slotId, at.slotId) : overlapping(instant(at.startsAt), instant(at.endsAt));
  return expireHolds(tx, allOf(eq(appointments.providerId, providerId), isStaleHold(now), where), now);
}

/** Providers with holds past their expiry, for housekeeping to expire under each provider's lock. */
export async function providersWithStaleHolds(db: Db, now: Date): Promise<string[]> {
  const rows = await db.selectDistinct({ providerId: appointments.providerId }).from(appointments).where(isStaleHold(now));
  return rows.map((r) => r.providerId);
}

/**
 * Lets go of the client's unconfirmed bookings of a service (a new hold replaces them:
 * docs/product-rules.md#holds) and gives their class places back.
 */
export async function releaseHoldsOf(tx: Tx, clientId: string, serviceId: number, now: Date): Promise<number[]> {
  const { slotIds } = await expireHoldsReleasing(
    tx,
    allOf(eq(appointments.clientId, clientId), eq(appointments.serviceId, serviceId), eq(appointments.status, 'held')),
    now,
  );
  return slotIds;
}

/**
 * Whether other clients' bookings already take this time of the service (for a class: every
 * place), in one indexed statement without the provider's lock: it sheds the losers of a race
 * before they queue for that lock, and again first thing under it. It only ever says "taken" when
 * the full check would refuse too: the viewer's own bookings (a repeated request, a hold the new
 * one replaces), a service that is gone or the viewer's own fall through to that check, and the
 * database's constraints stay the guarantee.
 */
export async function takenByOthers(
  db: Db | Tx,
  viewerId: string,
  serviceId: number,
  at: { slotId: number } | { startsAt: Date },
  now: Date,
): Promise<boolean> {
  const offered = and(eq(services.id, serviceId), isNull(services.deletedAt), ne(services.providerId, viewerId));
  if ('slotId' in at) {
    // seats_taken counts holds past their expiry until someone expires them: those do not fill a class.
    const staleHolds = sql`(SELECT count(*) FROM ${appointments} WHERE ${and(eq(appointments.slotId, slots.id), isStaleHold(now))})`;
    const viewerHasPlace = sql`EXISTS (SELECT 1 FROM ${appointments} WHERE ${and(
      eq(appointments.clientId, viewerId),
      eq(appointments.slotId, slots.id),
      inArray(appointments.status, ['held', 'confirmed']),
    )})`;
    const rows = await db
      .select({ id: slots.id })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .where(
        and(eq(slots.id, at.slotId), offered, sql`${slots.seatsTaken} - ${staleHolds} >= ${slots.capacity}`, sql`NOT ${viewerHasPlace}`),
      )
      .limit(1);
    return rows.length > 0;
  }
  const startsAt = instant(at.startsAt);
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(services, eq(services.providerId, appointments.providerId))
    .where(
      and(
        offered,
        eq(services.type, 'appointment'),
        ne(appointments.clientId, viewerId),
        overlapping(startsAt, sql`${startsAt} + make_interval(mins => ${services.durationMinutes})`),
        inArray(appointments.status, ['held', 'confirmed']),
        isActiveBooking(now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function releaseSeats(tx: Tx, slotIds: number[]): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of slotIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    await tx
      .update(slots)
      .set({ seatsTaken: sql`GREATEST(${slots.seatsTaken} - ${n}, 0)` })
      .where(eq(slots.id, id));
  }
}

/** Takes one place in a class occurrence if one is free; false when it is full or cancelled. */
export async function takeSeat(tx: Tx, slotId: number): Promise<boolean> {
  const rows = await tx
    .update(slots)
    .set({ seatsTaken: sql`${slots.seatsTaken} + 1` })
    .where(and(eq(slots.id, slotId), sql`${slots.seatsTaken} < ${slots.capacity}`, sql`${slots.cancelledAt} IS NULL`))
    .returning({ id: slots.id });
  return rows.length === 1;
}

/** The clients with a live place (not a hold past its expiry) in the class occurrence. */
export async function livePlaceHolders(tx: Tx, slotId: number, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ clientId: appointments.clientId })
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), isActiveBooking(now)));
  return rows.map((r) => r.clientId);
}

export async function findSlot(tx: Db | Tx, slotId: number) {
  const [row] = await tx.select().from(slots).where(eq(slots.id, slotId)).limit(1);
  return row ?? null;
}

/** The viewer's active booking of this exact time, if any. */
export async function findLiveBookingOf(
  tx: Tx,
  clientId: string,
  serviceId: number,
  at: { slotId: number } | { startsAt: Date },
  now: Date,
) {
  const where = 'slotId' in at ? eq(appointments.slotId, at.slotId) : eq(appointments.startsAt, at.startsAt);
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.clientId, clientId), eq(appointments.serviceId, serviceId), where, isActiveBooking(now)))
    .limit(1);
  return row ?? null;
}

export async function insertAppointment(tx: Tx, row: NewAppointment): Promise<AppointmentRow> {
  const [saved] = await tx.insert(appointments).values(row).returning();
  if (!saved) throw new Error('INSERT … RETURNING answers the inserted row');
  return saved;
}

/**
 * Inserts the booking unless a unique index or the exclusion constraint already holds its place
 * (null then): without an error, so the transaction can go on to find out why.
 */
export async function insertUnlessTaken(tx: Tx, row: NewAppointment): Promise<AppointmentRow | null> {
  const [saved] = await tx.insert(appointments).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function lockAppointment(tx: Tx, id: string): Promise<AppointmentRow | null> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateAppointment(tx: Tx, id: string, set: Partial<typeof appointments.$inferInsert>): Promise<AppointmentRow> {
  const [row] = await tx.update(appointments).set(set).where(eq(appointments.id, id)).returning();
  if (!row) throw new Error(`No appointment ${id} to update`);
  return row;
}

const client = aliasedTable(users, 'client');
const provider = aliasedTable(users, 'provider');

/**
 * An appointment with everything its page shows (a query: callers may order and limit it);
 * `membership` is the one whose credit pays for it, if any.
 */
export function appointmentDetails(db: Db | Tx, where: SQL) {
  const byHand = refundsByHandCents(appointments.id);
  return db
    .select({
      appointment: appointments,
      service: services,
      client,
      provider,
      membership: { id: memberships.id, name: memberships.name },
      /** Cents given back on the booking's card payments. */
      refundedCents:
        sql<number>`(SELECT coalesce(sum(${payments.refundedCents}), 0) FROM ${payments} WHERE ${payments.appointmentId} = ${appointments.id})`.mapWith(
          Number,
        ),
      /** Cents of refunds the provider owes by hand, and has given back by hand. */
      refundOwedByHandCents: byHand.owed,
      refundedByHandCents: byHand.settled,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .leftJoin(memberships, eq(memberships.id, appointments.membershipId))
    .where(where);
}
export type AppointmentDetails = Awaited<ReturnType<typeof appointmentDetails>>[number];

export function byId(id: string): SQL {
  return eq(appointments.id, id);
}

export function listFilter(opts: {
  clientId: string;
  providerId?: string;
  serviceId?: number;
  paidOnly?: boolean;
  subset?: 'future' | 'past' | 'cancelled';
  now: Date;
}): { where: SQL; order: SQL } {
  const where = allOf(
    eq(appointments.clientId, opts.clientId),
    opts.providerId ? eq(appointments.providerId, opts.providerId) : undefined,
    inArray(appointments.status, ['confirmed', 'cancelled']),
    opts.serviceId ? eq(appointments.serviceId, opts.serviceId) : undefined,
    opts.paidOnly ? isNotNull(appointments.paidAt) : undefined,
    opts.subset === 'future' ? gt(appointments.startsAt, opts.now) : undefined,
    opts.subset === 'past' ? lte(appointments.startsAt, opts.now) : undefined,
    opts.subset === 'cancelled' ? eq(appointments.status, 'cancelled') : undefined,
  );
  return { where, order: opts.subset === 'future' ? asc(appointments.startsAt) : desc(appointments.startsAt) };
}

/** Everyone who has booked the provider (confirmed or cancelled bookings), with their check-ins. */
export async function providerClients(db: Db, providerId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      avatarImageId: users.avatarImageId,
      attended: sql<number>`count(*) filter (where ${appointments.attendance} = 'attended')::int`,
      noShows: sql<number>`count(*) filter (where ${appointments.attendance} = 'no_show')::int`,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.clientId))
    .where(and(eq(appointments.providerId, providerId), inArray(appointments.status, ['confirmed', 'cancelled'])))
    .groupBy(users.id)
    .orderBy(asc(users.name), asc(users.id));
}

/** The cover image of each plan, by plan id (a membership shows its plan's cover). */
export async function planCovers(db: Db, planIds: number[]): Promise<Map<number, string | null>> {
  if (planIds.length === 0) return new Map();
  const rows = await db.select({ id: plans.id, coverImageId: plans.coverImageId }).from(plans).where(inArray(plans.id, planIds));
  return new Map(rows.map((r) => [r.id, r.coverImageId]));
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(row);
}

/**
 * How many card attempts of the booking are over (paid, refunded or abandoned): constant while
 * one hold is being paid for, so with the hold's expiry it names the attempt in idempotency keys.
 */
export async function finishedCardPaymentCount(db: Db, appointmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.method, 'card'), sql`${payments.status} <> 'pending'`));
  return Number(row?.n ?? 0);
}
