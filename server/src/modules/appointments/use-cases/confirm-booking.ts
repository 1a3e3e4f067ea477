/**
 * The end every confirmation shares, whatever settled the price
 * (docs/product-rules.md#confirmation-and-payment-options): the booking becomes confirmed and
 * client and provider get the confirmation e-mails, in the caller's transaction.
 */
import type { Tx } from '../../../db/client.ts';
import type { appointments } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { bookingConfirmedEmails } from '../appointments.emails.ts';
import { updateAppointment, type AppointmentRow } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { loadAppointment } from './load-appointment.ts';

/** The booking's row changed between reading it and locking it: the page the client saw is stale. */
export const bookingChanged = () => new AppError('conflict', 'This booking has just changed. Please reload the page.');

/** How a confirmed booking is paid: the method, the membership credit it holds if any, and when the money came. */
export type Payment = Pick<typeof appointments.$inferInsert, 'paymentMethod' | 'membershipId' | 'membershipGroupId' | 'paidAt'>;

/**
 * One way of settling a booking's price when it is confirmed (without payment, with a membership
 * credit, …). `pay` runs in the confirmation's transaction with the booking's row locked: it
 * refuses what cannot be settled this way and says how the booking is then paid.
 */
export interface Settlement {
  /** A booking already confirmed this way: a repeated request answers it as it is. */
  alreadySettled(a: AppointmentRow): boolean;
  /** It may also pay a confirmed booking still to be paid (one whose membership stopped covering it). */
  paysConfirmed?: boolean;
  pay(tx: Tx, a: AppointmentRow): Promise<Payment>;
}

/** Marks the locked booking confirmed, paid as `payment` says. */
export async function markConfirmed(deps: AppointmentsDeps, tx: Tx, a: AppointmentRow, now: Date, payment: Payment): Promise<void> {
  await updateAppointment(tx, a.id, {
    status: 'confirmed',
    confirmedAt: now,
    cancelledAt: null,
    cancelledBy: null,
    holdExpiresAt: null,
    // A re-booked payment pays for this booking again rather than being refunded.
    refundDueCents: 0,
    ...payment,
    updatedAt: now,
  });
  // Card attempts still open for this booking will never be needed: ended, so no second payment
  // can come through them (one that already succeeded is settled, and so refunded, by the job).
  await deps.payments?.abandon(tx, { appointmentId: a.id });
  await deps.calendar?.bookingChanged(tx, a);
  await deps.mail.queue(tx, bookingConfirmedEmails(await loadAppointment(tx, a.id), deps.appUrl, now));
}
