import type { Appointment } from '@slotted/contract';
import { formatMoney } from '../format.ts';

/** Euros of a card payment to give back for a cancelled booking: what is due, or at least what has been given back. */
function refundTotal(appointment: Pick<Appointment, 'refund_due' | 'refunded'>): number {
  return Math.max(appointment.refund_due, appointment.refunded);
}

/**
 * What a cancelled booking's card payment became (docs/product-rules.md#cancellation-and-refunds):
 * refunded, or a refund on its way (Stripe refunds run in the background). Null when nothing is
 * refunded.
 */
export function refundText(appointment: Pick<Appointment, 'status' | 'refund_due' | 'refunded' | 'is_mine' | 'client'>): string | null {
  const total = refundTotal(appointment);
  if (appointment.status !== 'cancelled' || total <= 0) return null;
  const card = appointment.is_mine ? 'your card' : `${appointment.client.name}’s card`;
  return appointment.refunded >= total
    ? `Refunded ${formatMoney(appointment.refunded)} to ${card}`
    : `Refund of ${formatMoney(total - appointment.refunded)} on its way to ${card}`;
}

/** A refund is still on its way: the page looks again until it has gone through. */
export function refundPending(appointment: Pick<Appointment, 'status' | 'refund_due' | 'refunded'> | undefined): boolean {
  return !!appointment && appointment.status === 'cancelled' && appointment.refunded < appointment.refund_due;
}
