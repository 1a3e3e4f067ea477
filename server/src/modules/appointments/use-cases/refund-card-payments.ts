/**
 * Giving back a cancelled booking's card payments (docs/product-rules.md#cancellation-and-refunds),
 * in the cancellation's transaction: the refunds are recorded with it and executed by the
 * payments module's job once it commits (wake it after the commit).
 *
 * A booking paid by card is refunded by card or, when that is impossible, owed by hand — never
 * silently nothing. Without Stripe keys (they were removed after the payment) each refund is
 * recorded as `due`, for the amount Stripe would have refunded; the provider gives it back and
 * marks it refunded (mark-refunded.ts).
 */
import type { Tx } from '../../../db/client.ts';
import { insertRefund, lockExistingPayment, refundableCardPayments, refundedOrPending, type RefundReason } from '../../payments/index.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

/** Refunds what is left of each succeeded card payment of the booking; the cents refunded or owed by hand. */
export async function refundCardPayments(deps: AppointmentsDeps, tx: Tx, appointmentId: string, reason: RefundReason): Promise<number> {
  let cents = 0;
  for (const payment of await refundableCardPayments(tx, appointmentId)) {
    cents += deps.payments ? await deps.payments.refund(tx, payment, reason) : await refundDueByHand(deps, tx, payment.id, reason);
  }
  return cents;
}

/** Whether this installation's refunds are owed by hand (no Stripe keys): what the e-mails say. */
export const refundsByHand = (deps: AppointmentsDeps): boolean => deps.payments === null;

/** Records what is left of a card payment as a refund the provider owes by hand. */
async function refundDueByHand(deps: AppointmentsDeps, tx: Tx, paymentId: string, reason: RefundReason): Promise<number> {
  const locked = await lockExistingPayment(tx, paymentId);
  const left = locked.amountCents - (await refundedOrPending(tx, locked.id));
  if (left <= 0) return 0;
  const now = deps.clock.now();
  await insertRefund(tx, { paymentId: locked.id, amountCents: left, reason, status: 'due', createdAt: now, updatedAt: now });
  return left;
}

/** What a booking whose payment was refunded no longer has: re-booking it means paying again. */
export const refundedPayment = { paidAt: null, paymentMethod: null } as const;
