import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { allOf } from '../../../db/sql-conditions.ts';
import { appointments } from '../../../db/schema.ts';
import { bookingCancelledEmail } from '../appointments.emails.ts';
import { appointmentDetails, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { refundCardPayments, refundedPayment, refundsByHand } from './refund-card-payments.ts';

/**
 * The bookings a class cancellation cancelled, in its transaction: a provider's cancellation
 * refunds every paid place in full (docs/product-rules.md#cancellation-and-refunds) — by card, or
 * owed by hand without Stripe keys — and each client is e-mailed what was refunded or is owed.
 */
export async function classBookingsCancelled(deps: AppointmentsDeps, tx: Tx, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const now = deps.clock.now();
  for (const id of appointmentIds) {
    const refund = await refundCardPayments(deps, tx, id, 'provider_cancellation');
    if (refund > 0) await updateAppointment(tx, id, { refundDueCents: refund, ...refundedPayment, updatedAt: now });
  }
  const rows = await appointmentDetails(tx, allOf(inArray(appointments.id, appointmentIds), eq(appointments.status, 'cancelled')));
  await deps.mail.queue(
    tx,
    rows.map((d) => bookingCancelledEmail(d, true, { cents: d.appointment.refundDueCents, byHand: refundsByHand(deps) }, deps.appUrl, now)),
  );
}
