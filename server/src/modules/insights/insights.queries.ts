/**
 * The provider's figures, counted by the database. Each query labels rows with the day, week
 * (its Monday) or month they fall in, read on a clock in the provider's zone, so the grouping is
 * the provider's calendar, not UTC's; days or weeks without rows are simply absent.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { appointments, payments, services, slots } from '../../db/schema.ts';

/** Half-open [from, to) of instants. */
export interface Span {
  from: Date;
  to: Date;
}

const dayOf = (at: PgColumn | SQL, tz: string) => sql<string>`to_char(${at} AT TIME ZONE ${tz}, 'YYYY-MM-DD')`;
const weekOf = (at: PgColumn | SQL, tz: string) => sql<string>`to_char(date_trunc('week', ${at} AT TIME ZONE ${tz}), 'YYYY-MM-DD')`;
const monthOf = (at: PgColumn, tz: string) => sql<string>`to_char(${at} AT TIME ZONE ${tz}, 'YYYY-MM')`;
const within = (at: PgColumn, span: Span) => and(gte(at, span.from), lt(at, span.to));
const confirmedOf = (providerId: string) => and(eq(appointments.providerId, providerId), eq(appointments.status, 'confirmed'));

/** Confirmed bookings (1:1 and class places) per local day of their start. */
export async function bookingsPerDay(db: Db, providerId: string, tz: string, span: Span) {
  const starts = db
    .select({ day: dayOf(appointments.startsAt, tz).as('day') })
    .from(appointments)
    .where(and(confirmedOf(providerId), within(appointments.startsAt, span)))
    .as('starts');
  return db.select({ day: starts.day, bookings: count() }).from(starts).groupBy(starts.day);
}

/** Per class and week: the places its occurrences offered and the confirmed places in them. */
export async function classFillPerWeek(db: Db, providerId: string, tz: string, span: Span) {
  // Confirmed places only: seats_taken also counts holds that may never be paid.
  const places = db
    .select({ slotId: appointments.slotId, booked: count().as('booked') })
    .from(appointments)
    .where(and(confirmedOf(providerId), isNotNull(appointments.slotId)))
    .groupBy(appointments.slotId)
    .as('places');
  const occurrences = db
    .select({
      serviceId: slots.serviceId,
      week: weekOf(slots.startsAt, tz).as('week'),
      capacity: slots.capacity,
      booked: sql<number>`coalesce(${places.booked}, 0)`.as('booked_places'),
    })
    .from(slots)
    .leftJoin(places, eq(places.slotId, slots.id))
    .where(and(eq(slots.providerId, providerId), within(slots.startsAt, span), isNull(slots.cancelledAt)))
    .as('occurrences');
  return db
    .select({
      serviceId: occurrences.serviceId,
      name: services.name,
      week: occurrences.week,
      capacity: sql<number>`sum(${occurrences.capacity})`.mapWith(Number),
      booked: sql<number>`sum(${occurrences.booked})`.mapWith(Number),
    })
    .from(occurrences)
    .innerJoin(services, eq(services.id, occurrences.serviceId))
    .groupBy(occurrences.serviceId, services.name, occurrences.week);
}

/**
 * Per week: the clients with a booking starting in it, split into those whose first ever booking
 * with the provider starts that week and those who had booked before.
 */
export async function clientsPerWeek(db: Db, providerId: string, tz: string, span: Span) {
  const visits = db
    .selectDistinct({ clientId: appointments.clientId, week: weekOf(appointments.startsAt, tz).as('week') })
    .from(appointments)
    .where(and(confirmedOf(providerId), within(appointments.startsAt, span)))
    .as('visits');
  const firsts = db
    .select({ clientId: appointments.clientId, week: weekOf(sql`min(${appointments.startsAt})`, tz).as('first_week') })
    .from(appointments)
    .where(confirmedOf(providerId))
    .groupBy(appointments.clientId)
    .as('firsts');
  return db
    .select({
      week: visits.week,
      new: sql<number>`count(*) FILTER (WHERE ${firsts.week} = ${visits.week})`.mapWith(Number),
      returning: sql<number>`count(*) FILTER (WHERE ${firsts.week} <> ${visits.week})`.mapWith(Number),
    })
    .from(visits)
    .innerJoin(firsts, eq(firsts.clientId, visits.clientId))
    .groupBy(visits.week);
}

/** Per week: the confirmed bookings that have started, by the provider's check-in. */
export async function attendancePerWeek(db: Db, providerId: string, tz: string, span: Span) {
  const week = weekOf(appointments.startsAt, tz);
  return (
    db
      .select({
        week,
        attended: sql<number>`count(*) FILTER (WHERE ${appointments.attendance} = 'attended')`.mapWith(Number),
        noShow: sql<number>`count(*) FILTER (WHERE ${appointments.attendance} = 'no_show')`.mapWith(Number),
        notMarked: sql<number>`count(*) FILTER (WHERE ${appointments.attendance} IS NULL)`.mapWith(Number),
      })
      .from(appointments)
      .where(and(confirmedOf(providerId), within(appointments.startsAt, span)))
      // By position: the week is an expression with a bound zone, written again it would not match.
      .groupBy(sql`1`)
  );
}

/**
 * Per month of payment: card and in-person money received, and what was given back of it.
 * refunded_cents is kept true to Stripe (also for refunds made in its dashboard), so it is the
 * refunds' source rather than the refunds table.
 */
export async function salesPerMonth(db: Db, providerId: string, tz: string, span: Span) {
  const paid = db
    .select({
      month: monthOf(payments.paidAt, tz).as('month'),
      method: payments.method,
      amount: payments.amountCents,
      refunded: payments.refundedCents,
    })
    .from(payments)
    .where(
      and(
        eq(payments.providerId, providerId),
        isNotNull(payments.paidAt),
        inArray(payments.status, ['succeeded', 'partially_refunded', 'refunded']),
        within(payments.paidAt, span),
      ),
    )
    .as('paid');
  return db
    .select({
      month: paid.month,
      cardCents: sql<number>`coalesce(sum(${paid.amount}) FILTER (WHERE ${paid.method} = 'card'), 0)`.mapWith(Number),
      inPersonCents: sql<number>`coalesce(sum(${paid.amount}) FILTER (WHERE ${paid.method} = 'in_person'), 0)`.mapWith(Number),
      refundedCents: sql<number>`sum(${paid.refunded})`.mapWith(Number),
    })
    .from(paid)
    .groupBy(paid.month);
}
