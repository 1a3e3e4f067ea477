/**
 * Giving back a cancelled booking's card payments (docs/product-rules.md#cancellation-and-refunds),
 * in the cancellation's transaction: the refunds are recorded with it and executed by the
 * payments module's job once it commits (wake it after the commit).
 */
import type { Tx } from '../../../db/client.ts';
import { refundableCardPayments, type RefundReason } from '../../payments/index.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

/** Refunds what is left of each succeeded card payment of the booking; the cents refunded. */
export async function refundCardPayments(deps: AppointmentsDeps, tx: Tx, appointmentId: string, reason: RefundReason): Promise<number> {
  if (!deps.payments) return 0;
  let cents = 0;
  for (const payment of await refundableCardPayments(tx, appointmentId)) cents += await deps.payments.refund(tx, payment, reason);
  return cents;
}

/** What a booking whose payment was refunded no longer has: re-booking it means paying again. */
export const refundedPayment = { paidAt: null, paymentMethod: null } as const;
