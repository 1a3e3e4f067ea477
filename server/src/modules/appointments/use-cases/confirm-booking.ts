/**
 * The end every confirmation shares, whatever settled the price
 * (docs/product-rules.md#confirmation-and-payment-options): the booking becomes confirmed and
 * client and provider get the confirmation e-mails, in the caller's transaction.
 */
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { bookingConfirmedEmails } from '../appointments.emails.ts';
import { updateAppointment, type AppointmentRow } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { loadAppointment } from './load-appointment.ts';

/** The booking's row changed between reading it and locking it: the page the client saw is stale. */
export const bookingChanged = () => new AppError('conflict', 'This booking has just changed. Please reload the page.');

/** Confirming without a new payment is refused when the provider asks for payment and none was made. */
export async function checkNoPaymentNeeded(tx: Tx, a: AppointmentRow): Promise<void> {
  const { provider } = await loadAppointment(tx, a.id);
  if (a.paidAt === null && provider.requirePayment) throw new AppError('forbidden', 'This provider asks for payment when you book.');
}

/** Marks the locked booking confirmed: one paid before keeps its method, otherwise it is paid in person. */
export async function markConfirmed(deps: AppointmentsDeps, tx: Tx, a: AppointmentRow, now: Date): Promise<void> {
  await updateAppointment(tx, a.id, {
    status: 'confirmed',
    confirmedAt: now,
    cancelledAt: null,
    cancelledBy: null,
    holdExpiresAt: null,
    // A re-booked payment pays for this booking again rather than being refunded.
    refundDueCents: 0,
    paymentMethod: a.paidAt !== null ? a.paymentMethod : 'in_person',
    updatedAt: now,
  });
  await deps.mail.queue(tx, bookingConfirmedEmails(await loadAppointment(tx, a.id), deps.appUrl, now));
}
