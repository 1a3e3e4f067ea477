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

/**
 * How a booking is paid, as the roster reads it (docs/product-rules.md#roster-and-check-in): 'Card',
 * 'Membership · {name}', 'In person', or 'Not chosen yet'.
 */
export function paymentMethodLabel(booking: Pick<Appointment, 'payment_method' | 'membership'>): string {
  if (booking.payment_method === 'membership' || booking.membership) {
    return booking.membership ? `Membership · ${booking.membership.name}` : 'Membership';
  }
  if (booking.payment_method === 'card') return 'Card';
  if (booking.payment_method === 'in_person') return 'In person';
  return 'Not chosen yet';
}

/** The roster's Paid / Unpaid badge: a free booking and a membership credit count as paid. */
export function paidBadge(paid: boolean): { label: 'Paid' | 'Unpaid'; tone: 'success' | 'danger' } {
  return paid ? { label: 'Paid', tone: 'success' } : { label: 'Unpaid', tone: 'danger' };
}

/** 'Mark as paid' applies to a confirmed booking whose in-person payment (or none chosen yet) is still owed. */
export function canMarkPaid(booking: Pick<Appointment, 'status' | 'payment_method'> & { paid: boolean }): boolean {
  return booking.status === 'confirmed' && !booking.paid && (booking.payment_method === 'in_person' || booking.payment_method === null);
}
