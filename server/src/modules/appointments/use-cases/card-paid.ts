/**
 * A booking's card payment succeeded (the webhook, or the client's return, whichever came first:
 * the payments module calls this once per payment, in the transaction that records it). It
 * confirms the hold it pays for; money that came too late is given back
 * (docs/product-rules.md#payments): never lost, and never a second booking of the time.
 */
import type { Tx } from '../../../db/client.ts';
import type { PaymentRow } from '../../payments/index.ts';
import { lockAppointment, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { markConfirmed } from './confirm-booking.ts';

export async function cardPaid(deps: AppointmentsDeps, tx: Tx, payment: PaymentRow, now: Date): Promise<'kept' | 'refund'> {
  const a = payment.appointmentId ? await lockAppointment(tx, payment.appointmentId) : null;
  if (!a) return 'refund';
  if (a.status === 'held' && a.holdExpiresAt && a.holdExpiresAt.getTime() > now.getTime()) {
    await markConfirmed(deps, tx, a, now, { paymentMethod: 'card', paidAt: payment.paidAt ?? now });
    return 'kept';
  }
  // Confirmed meanwhile to be paid in person (from another tab), or left unpaid when its
  // membership stopped covering it, and not paid yet: the card pays it.
  if (a.status === 'confirmed' && (a.paymentMethod === 'in_person' || a.paymentMethod === null) && a.paidAt === null) {
    await updateAppointment(tx, a.id, { paymentMethod: 'card', paidAt: payment.paidAt ?? now, updatedAt: now });
    return 'kept';
  }
  // The hold ran out (its time may be someone else's now), the booking was cancelled, or it is
  // already paid another way.
  return 'refund';
}
