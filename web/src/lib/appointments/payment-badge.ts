import type { Appointment } from '@slotted/contract';

export type PaymentBadge = { label: 'Paid' | 'Included in membership' | 'Pay in person'; tone: 'success' | 'brand' | 'neutral' };

/**
 * A booking's payment badge, as the confirmation page reads it (docs/product-rules.md#appointment-confirmation):
 * the confirmation page's Total, the booking details' Payment and the client panel's appointments. A membership booking
 * counts as paid on the server (no missing payment), so it is told apart first.
 */
export function paymentBadge(
  appointment: Pick<Appointment, 'paid_at' | 'payment_method'> & Partial<Pick<Appointment, 'membership'>>,
): PaymentBadge {
  if (appointment.payment_method === 'membership' || appointment.membership) return { label: 'Included in membership', tone: 'brand' };
  if (appointment.paid_at) return { label: 'Paid', tone: 'success' };
  return { label: 'Pay in person', tone: 'neutral' };
}
