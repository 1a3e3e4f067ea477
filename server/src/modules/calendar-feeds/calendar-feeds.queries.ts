import { aliasedTable, and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, calendarFeeds, services, slots, users } from '../../db/schema.ts';

const client = aliasedTable(users, 'client');
const provider = aliasedTable(users, 'provider');

export async function findFeed(db: Db, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row ?? null;
}

export async function findFeedByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return row?.user ?? null;
}

/** Creates the feed, or gives it a new nonce and token (the old address stops at once). */
export async function saveFeed(tx: Db | Tx, row: { userId: string; nonce: string; tokenHash: string; createdAt: Date }) {
  await tx
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce: row.nonce, tokenHash: row.tokenHash, createdAt: row.createdAt } });
}

/** Confirmed bookings starting in [from, to): the person's own as a client, and the 1:1s they give. */
export async function confirmedBookingsOf(db: Db, userId: string, from: Date, to: Date) {
  return db
    .select({
      id: appointments.id,
      clientId: appointments.clientId,
      providerId: appointments.providerId,
      slotId: appointments.slotId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      sequence: appointments.icsSequence,
      updatedAt: appointments.updatedAt,
      service: { name: services.name, location: services.location },
      client: { name: client.name },
      provider: { name: provider.name },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .where(
      and(
        eq(appointments.status, 'confirmed'),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        sql`(${appointments.clientId} = ${userId} OR (${appointments.providerId} = ${userId} AND ${appointments.slotId} IS NULL))`,
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/**
 * The provider's class occurrences starting in [from, to) that are not cancelled, with the places
 * taken and when anything about them last changed (a booking made, moved or cancelled).
 */
export async function occurrencesOf(db: Db, providerId: string, from: Date, to: Date) {
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      capacity: slots.capacity,
      createdAt: slots.createdAt,
      taken:
        sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${appointments.slotId} = ${slots.id} AND ${appointments.status} = 'confirmed')`.mapWith(
          Number,
        ),
      lastBookingChange:
        sql<Date | null>`(SELECT max(${appointments.updatedAt}) FROM ${appointments} WHERE ${appointments.slotId} = ${slots.id})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
      service: { name: services.name, location: services.location },
    })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(and(eq(slots.providerId, providerId), isNull(slots.cancelledAt), gte(slots.startsAt, from), lt(slots.startsAt, to)))
    .orderBy(asc(slots.startsAt));
}
