/** Card payments and refunds as rows (docs/architecture.md#card-payments). */
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, refunds, stripeEvents } from '../../db/schema.ts';

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
  return inserted!;
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

export async function updatePayment(tx: Tx, id: string, set: Partial<typeof payments.$inferInsert>): Promise<void> {
  await tx.update(payments).set(set).where(eq(payments.id, id));
}

/** The card payment of a booking or a membership that is still waiting for Stripe, if any. */
export async function pendingCardPayment(db: Db | Tx, target: { appointmentId: string } | { membershipId: string }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        'appointmentId' in target ? eq(payments.appointmentId, target.appointmentId) : eq(payments.membershipId, target.membershipId),
        eq(payments.method, 'card'),
        eq(payments.status, 'pending'),
      ),
    );
  return row;
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
  return inserted!;
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
