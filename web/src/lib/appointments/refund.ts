import type { Appointment } from '@slotted/contract';
import { formatMoney } from '../format.ts';

type RefundFields = Pick<Appointment, 'status' | 'refund_due' | 'refunded' | 'refund_due_by_hand' | 'refunded_by_hand'>;

/** Euros of a card payment to give back for a cancelled booking: what is due, or at least what has been given back. */
function refundTotal(appointment: Pick<Appointment, 'refund_due' | 'refunded'>): number {
  return Math.max(appointment.refund_due, appointment.refunded);
}

/**
 * What a cancelled booking's card payment became (docs/product-rules.md#cancellation-and-refunds):
 * refunded, or a refund on its way (Stripe refunds run in the background), or — when no card
 * refund was possible — a refund the provider owes by hand, or gave back by hand. Null when
 * nothing is refunded.
 */
export function refundText(appointment: RefundFields & Pick<Appointment, 'is_mine' | 'client' | 'provider'>): string | null {
  const total = refundTotal(appointment);
  if (appointment.status !== 'cancelled' || total <= 0) return null;
  if (appointment.refund_due_by_hand > 0) {
    const owed = formatMoney(appointment.refund_due_by_hand);
    return appointment.is_mine ? `Refund of ${owed} due from ${appointment.provider.name}` : `Refund due ${owed}`;
  }
  if (appointment.refunded_by_hand > 0 && appointment.refunded_by_hand >= appointment.refunded) {
    return `Refunded ${formatMoney(appointment.refunded_by_hand)} by hand`;
  }
  const card = appointment.is_mine ? 'your card' : `${appointment.client.name}’s card`;
  return appointment.refunded >= total
    ? `Refunded ${formatMoney(appointment.refunded)} to ${card}`
    : `Refund of ${formatMoney(total - appointment.refunded)} on its way to ${card}`;
}

/** A card refund is still on its way: the page looks again until it has gone through (one owed by hand waits for the provider). */
export function refundPending(appointment: RefundFields | undefined): boolean {
  return (
    !!appointment && appointment.status === 'cancelled' && appointment.refunded + appointment.refund_due_by_hand < appointment.refund_due
  );
}
