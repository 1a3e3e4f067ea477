/** Card payments and refunds as rows (docs/architecture.md#card-payments). */
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, memberships, payments, refunds, stripeEvents } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/**
 * Records that a Stripe event is being processed, in the transaction that applies its effect:
 * false when it already was (a duplicate delivery, or another process got it first — the unique
 * key makes the second wait for the first and then find it).
 */
export async function recordEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length === 1;
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  if (!inserted) throw new Error('INSERT … RETURNING answers the inserted row');
  return inserted;
}

export async function paymentByIntent(db: Db | Tx, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId));
  return row;
}

export async function lockPaymentByIntent(tx: Tx, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).for('update');
  return row;
}

export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Locks a payment the caller has just read, and so knows is there. */
export async function lockExistingPayment(tx: Tx, id: string): Promise<PaymentRow> {
  const row = await lockPayment(tx, id);
  if (!row) throw new Error(`Payment ${id} does not exist`);
  return row;
}

export async function updatePayment(tx: Tx, id: string, set: Partial<typeof payments.$inferInsert>): Promise<void> {
  await tx.update(payments).set(set).where(eq(payments.id, id));
}

const ofTarget = (target: { appointmentId: string } | { membershipId: string }) =>
  'appointmentId' in target ? eq(payments.appointmentId, target.appointmentId) : eq(payments.membershipId, target.membershipId);

/** The card payments of a booking or a membership still waiting for Stripe, oldest first. */
export async function pendingCardPayments(db: Db | Tx, target: { appointmentId: string } | { membershipId: string }) {
  return db
    .select()
    .from(payments)
    .where(and(ofTarget(target), eq(payments.method, 'card'), eq(payments.status, 'pending')))
    .orderBy(payments.createdAt);
}

/** The card payment of a booking or a membership that is still waiting for Stripe, if any (the oldest). */
export async function pendingCardPayment(db: Db | Tx, target: { appointmentId: string } | { membershipId: string }) {
  const [row] = await pendingCardPayments(db, target);
  return row;
}

export async function paymentById(db: Db | Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Who pays whom for the booking or purchase a PaymentIntent's metadata names (this platform sets
 * `appointment_id` or `membership_id` on every intent it creates), or null when it names none.
 */
export async function recordableTarget(
  db: Db | Tx,
  metadata: Record<string, string>,
): Promise<{ payerId: string; providerId: string; appointmentId?: string; membershipId?: string } | null> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (metadata.appointment_id && uuid.test(metadata.appointment_id)) {
    const [a] = await db
      .select({ payerId: appointments.clientId, providerId: appointments.providerId })
      .from(appointments)
      .where(eq(appointments.id, metadata.appointment_id));
    return a ? { ...a, appointmentId: metadata.appointment_id } : null;
  }
  if (metadata.membership_id && uuid.test(metadata.membership_id)) {
    const [m] = await db
      .select({ payerId: memberships.clientId, providerId: memberships.providerId })
      .from(memberships)
      .where(eq(memberships.id, metadata.membership_id));
    return m ? { ...m, membershipId: metadata.membership_id } : null;
  }
  return null;
}

/**
 * Card attempts still waiting whose booking or purchase can no longer be paid by them: its hold
 * ran out, it was cancelled or expired, or it was confirmed another way. Housekeeping abandons them.
 */
export async function staleCardPayments(db: Db, now: Date): Promise<{ appointmentId: string | null; membershipId: string | null }[]> {
  return db
    .selectDistinct({ appointmentId: payments.appointmentId, membershipId: payments.membershipId })
    .from(payments)
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(memberships, eq(memberships.id, payments.membershipId))
    .where(
      and(
        eq(payments.method, 'card'),
        eq(payments.status, 'pending'),
        sql`(
          (${payments.appointmentId} IS NOT NULL AND NOT (${appointments.status} = 'held' AND ${appointments.holdExpiresAt} > ${now}))
          OR (${payments.membershipId} IS NOT NULL AND NOT (${memberships.status} = 'held' AND ${memberships.holdExpiresAt} > ${now}))
        )`,
      ),
    );
}

/** Succeeded card payments of a booking, with what is left to refund on each. */
export async function refundableCardPayments(tx: Tx, appointmentId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.method, 'card'),
        sql`${payments.status} IN ('succeeded', 'partially_refunded')`,
      ),
    )
    .for('update');
}

/** Cents already promised back on a payment (refunds requested, whether Stripe has done them yet or not). */
export async function refundedOrPending(tx: Tx, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), sql`${refunds.status} <> 'failed'`));
  return row?.cents ?? 0;
}

export async function insertRefund(tx: Tx, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await tx.insert(refunds).values(row).returning();
  if (!inserted) throw new Error('INSERT … RETURNING answers the inserted row');
  return inserted;
}

export async function refundWithPayment(db: Db, id: string) {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, id));
  return row;
}

export async function lockRefund(tx: Tx, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function updateRefund(tx: Tx, id: string, set: Partial<typeof refunds.$inferInsert>): Promise<void> {
  await tx.update(refunds).set(set).where(eq(refunds.id, id));
}

/** Refund rows a provider owes by hand: due (no Stripe keys when decided) or failed (Stripe's job gave up). */
const owedByHand = sql`${refunds.status} IN ('due', 'failed')`;

/** The refunds of a booking's card payments the provider must give back by hand, locked. */
export async function lockRefundsOwedByHand(tx: Tx, appointmentId: string): Promise<RefundRow[]> {
  const rows = await tx
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.appointmentId, appointmentId), owedByHand))
    .orderBy(refunds.createdAt)
    .for('update', { of: refunds });
  return rows.map((r) => r.refund);
}

/** Cents of a booking's refunds by status group: still owed by hand, and given back by hand. */
export function refundsByHandCents(appointmentId: AnyColumn) {
  const on = sql`${refunds.paymentId} IN (SELECT ${payments.id} FROM ${payments} WHERE ${payments.appointmentId} = ${appointmentId})`;
  return {
    owed: sql<number>`(SELECT coalesce(sum(${refunds.amountCents}), 0) FROM ${refunds} WHERE ${on} AND ${owedByHand})`.mapWith(Number),
    settled:
      sql<number>`(SELECT coalesce(sum(${refunds.amountCents}), 0) FROM ${refunds} WHERE ${on} AND ${refunds.status} = 'settled_by_hand')`.mapWith(
        Number,
      ),
  };
}

/**
 * A refund whose Stripe job gave up after its last attempt: it will not happen by card, so it is
 * owed by hand (docs/product-rules.md#cancellation-and-refunds). Only a row still pending changes.
 */
export async function refundGaveUp(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}
