/**
 * Reads and writes of purchases and memberships beyond the credit facts
 * (membership-credits.queries.ts): the plan being bought, live purchase holds, what a membership's
 * page shows (plan, people, terms, covered services, payments), and the services a client bought.
 */
import { aliasedTable, and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, memberships, payments, plans, policies, services, users } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
type NewMembership = typeof memberships.$inferInsert;

/** The plan with the provider who sells it (deleted plans too: buying one answers plan_unavailable). */
export async function findPlanWithProvider(db: Db, planId: number) {
  const [row] = await db
    .select({ plan: plans, provider: users })
    .from(plans)
    .innerJoin(users, eq(users.id, plans.providerId))
    .where(eq(plans.id, planId))
    .limit(1);
  return row ?? null;
}

/** Serialises one client's purchases, so the hold limit and "same plan, same hold" hold under concurrency. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const liveHold = (now: Date) => and(eq(memberships.status, 'held'), gt(memberships.holdExpiresAt, now));

/** The client's live purchase hold of the plan, if any. */
export async function findLiveHoldOf(tx: Tx, clientId: string, planId: number, now: Date): Promise<string | null> {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.planId, planId), liveHold(now)))
    .limit(1);
  return row?.id ?? null;
}

export async function insertMembership(tx: Tx, values: NewMembership): Promise<string> {
  const [row] = await tx.insert(memberships).values(values).returning({ id: memberships.id });
  if (!row) throw new Error('INSERT … RETURNING answers the inserted row');
  return row.id;
}

export async function updateMembership(tx: Tx, id: string, set: Partial<NewMembership>): Promise<void> {
  await tx.update(memberships).set(set).where(eq(memberships.id, id));
}

/**
 * In the purchase's transaction: whether the plan is on sale, its row share-locked so a deletion
 * waits for the purchase (or the purchase sees the deletion): a plan deleted stops new sales only.
 */
export async function planOnSale(tx: Tx, planId: number): Promise<boolean> {
  const [row] = await tx.select({ deletedAt: plans.deletedAt }).from(plans).where(eq(plans.id, planId)).for('share');
  return !!row && row.deletedAt === null;
}

/** Housekeeping: purchases still unconfirmed past their hold are expired (docs/product-rules.md#holds). */
export async function expireStalePurchaseHolds(db: Db, now: Date): Promise<void> {
  await db
    .update(memberships)
    .set({ status: 'expired' })
    .where(and(eq(memberships.status, 'held'), lte(memberships.holdExpiresAt, now)));
}

/** The membership a Stripe subscription pays for, if it is one of ours. */
export async function membershipIdBySubscription(tx: Tx, subscriptionId: string): Promise<string | null> {
  const [row] = await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.stripeSubscriptionId, subscriptionId));
  return row?.id ?? null;
}

/**
 * Remembers the client's Stripe customer, unless one was stored meanwhile: the customer stored,
 * whichever it is.
 */
export async function setStripeCustomer(db: Db, userId: string, customerId: string): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? customerId;
}

const provider = aliasedTable(users, 'provider');
const client = aliasedTable(users, 'client');

/** What a membership's page shows besides its credits: the plan, both people and the provider's terms. */
export async function membershipContext(db: Db | Tx, ids: string[]) {
  const rows = await db
    .select({
      id: memberships.id,
      plan: { descriptionHtml: plans.descriptionHtml, benefits: plans.benefits, coverImageId: plans.coverImageId },
      provider: {
        id: provider.id,
        name: provider.name,
        email: provider.email,
        username: provider.username,
        avatarImageId: provider.avatarImageId,
        stripeConnected: provider.stripeConnected,
        stripeAccountId: provider.stripeAccountId,
        requirePayment: provider.requirePayment,
      },
      client: { id: client.id, name: client.name, email: client.email, avatarImageId: client.avatarImageId, timezone: client.timezone },
      termsHtml: sql<string>`coalesce(${policies.termsHtml}, '')`,
    })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(provider, eq(provider.id, memberships.providerId))
    .innerJoin(client, eq(client.id, memberships.clientId))
    .leftJoin(policies, eq(policies.providerId, memberships.providerId))
    .where(ids.length === 0 ? sql`false` : inArray(memberships.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
export type MembershipContext = NonNullable<ReturnType<Awaited<ReturnType<typeof membershipContext>>['get']>>;

/** Services by id (deleted ones too: what was bought or booked stays readable). */
export async function servicesByIds(db: Db | Tx, ids: number[]): Promise<Map<number, ServiceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(services).where(inArray(services.id, ids));
  return new Map(rows.map((s) => [s.id, s]));
}

/** The payments of memberships, oldest first. */
export async function paymentsOfMemberships(db: Db | Tx, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.membershipId, ids)).orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * The services the client booked and paid for without a membership (in person or by card), still
 * confirmed or cancelled since (docs/product-rules.md#memberships-and-credits: My passes → Services).
 */
export async function servicesBoughtBy(db: Db, clientId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ serviceId: appointments.serviceId })
    .from(appointments)
    .where(
      and(
        eq(appointments.clientId, clientId),
        inArray(appointments.status, ['confirmed', 'cancelled']),
        inArray(appointments.paymentMethod, ['in_person', 'card']),
      ),
    );
  return rows.map((r) => r.serviceId);
}

/** The payments for the client's bookings of these services, oldest first. */
export async function bookingPaymentsOf(db: Db, clientId: string, serviceIds: number[]) {
  if (serviceIds.length === 0) return [];
  return db
    .select({ serviceId: appointments.serviceId, payment: payments })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(and(eq(appointments.clientId, clientId), inArray(appointments.serviceId, serviceIds)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The providers of services, as a pass names them. */
export async function usersByIds(db: Db, ids: string[]) {
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, avatarImageId: users.avatarImageId })
    .from(users)
    .where(ids.length === 0 ? sql`false` : inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

/** A booking that lost its membership credit, with what its e-mail names. */
export interface ReleasedBooking {
  id: string;
  startsAt: Date;
  endsAt: Date;
  serviceName: string;
}

/**
 * The membership's confirmed bookings whose session starts at or after `fromMs` (after its last
 * covered day) lose their credit (docs/product-rules.md#memberships-and-credits): they become
 * unpaid with no way of paying chosen (payment method NULL): another membership's credit, or the
 * provider taking the money in person. Cancelled bookings are left as they are. Soonest first.
 */
export async function releaseCreditsFrom(tx: Tx, membershipId: string, from: Date, now: Date): Promise<ReleasedBooking[]> {
  const released = await tx
    .update(appointments)
    .set({ membershipId: null, membershipGroupId: null, paymentMethod: null, updatedAt: now })
    .where(
      and(
        eq(appointments.membershipId, membershipId),
        eq(appointments.status, 'confirmed'),
        gte(appointments.startsAt, from),
        isNull(appointments.paidAt),
      ),
    )
    .returning({ id: appointments.id, startsAt: appointments.startsAt, endsAt: appointments.endsAt, serviceId: appointments.serviceId });
  if (released.length === 0) return [];
  const names = await tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, [...new Set(released.map((r) => r.serviceId))]));
  return released
    .map((r) => ({ id: r.id, startsAt: r.startsAt, endsAt: r.endsAt, serviceName: names.find((n) => n.id === r.serviceId)?.name ?? '' }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
