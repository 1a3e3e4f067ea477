import type { Appointment, ScheduleSlot } from '@slotted/contract';
import { formatMoney } from '../../../lib/format.ts';

type CardBooking = ScheduleSlot['appointments'][number];

/** Has the slot started (or ended)? Cancelling is refused from its start on (409). */
function started(slot: ScheduleSlot, now: number): boolean {
  return slot.in_the_past || Date.parse(slot.starts_at) <= now;
}

/** The viewer's own bookings on someone else's card (a client's booking). */
export function ownBookings(slot: ScheduleSlot): CardBooking[] {
  return slot.is_mine ? [] : slot.appointments.filter((a) => a.client.is_me);
}

/** The viewer's own booking to show (payment) on a client's card: the active one, else the latest. */
export function ownBooking(slot: ScheduleSlot): CardBooking | undefined {
  const mine = ownBookings(slot);
  return mine.find((a) => a.status !== 'cancelled') ?? mine.at(-1);
}

/**
 * Booking details (docs/product-rules.md#schedule): 'Cancel booking' shows only when the slot is
 * not in the past and the booking is not cancelled. On a class, a client sees it only if they have
 * bookings in it and all of them are active. A provider cancels their own 1:1 appointment the same
 * way (their own classes have 'Cancel class' instead). Answers the booking that would be cancelled,
 * or null.
 */
export function bookingToCancel(slot: ScheduleSlot, now: number = Date.now()): CardBooking | null {
  if (slot.cancelled_at || started(slot, now)) return null;
  if (slot.is_mine) {
    if (slot.kind !== 'appointment') return null;
    return slot.appointments.find((a) => a.status !== 'cancelled') ?? null;
  }
  const mine = ownBookings(slot);
  if (mine.some((a) => a.status === 'cancelled')) return null;
  return mine[0] ?? null;
}

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/**
 * The cancel dialog texts (docs/product-rules.md#failures-and-messages). The provider: immediate,
 * the client refunded in full. A client past the refund deadline: no refund. Otherwise the slot
 * becomes available again and can be rebooked, and what was paid comes back.
 */
export function cancelBookingText(
  input:
    | { by: 'provider'; clientName: string }
    | { by: 'client'; appointment: Pick<Appointment, 'cancellation_refundable' | 'paid_at' | 'payment_method' | 'price' | 'provider'> },
): string {
  if (input.by === 'provider') {
    return `The cancellation is immediate: ${input.clientName} is notified and refunded in full. The time becomes free to book again.`;
  }
  const a = input.appointment;
  const membership = a.payment_method === 'membership';
  const paid = Boolean(a.paid_at) && !membership;
  if (!a.cancellation_refundable) {
    const notice = a.provider.policy.min_hours_before_cancellation;
    const why =
      notice > 0
        ? `it is less than ${hours(notice)} before the start, ${a.provider.name}’s cancellation deadline`
        : `${a.provider.name} does not refund cancellations`;
    const kept = membership
      ? ' The session stays used on your membership.'
      : paid
        ? ` Your payment of ${formatMoney(a.price)} is kept.`
        : '';
    return `You will not get a refund: ${why}.${kept}`;
  }
  const refund = membership
    ? 'The session goes back to your membership.'
    : paid
      ? `Your payment of ${formatMoney(a.price)} will be refunded.`
      : 'You have not been charged, so there is nothing to refund.';
  return `The slot becomes available again and can be rebooked. ${refund}`;
}
