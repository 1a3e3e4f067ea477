/**
 * POST /api/appointments/{id}/cancel, by the client or the provider
 * (docs/product-rules.md#cancellation-and-refunds).
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { bookingCancelledEmail } from '../appointments.emails.ts';
import { clientRefundable } from '../appointments.presenter.ts';
import { lockAppointment, releaseSeats, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { refundCardPayments, refundedPayment, refundsByHand } from './refund-card-payments.ts';

export async function cancelAppointment(deps: AppointmentsDeps, viewer: UserRow, id: string): Promise<Appointment> {
  const { db, clock } = deps;
  const now = clock.now();
  // Read before the transaction: on PGlite a query outside `tx` waits for it to end.
  const current = await loadAppointment(db, id);
  if (current.appointment.clientId !== viewer.id && current.appointment.providerId !== viewer.id) throw appointmentNotFound();
  const policy = await deps.availability.policy(current.appointment.providerId);
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || (a.clientId !== viewer.id && a.providerId !== viewer.id)) throw appointmentNotFound();
    if (a.status === 'held') {
      // Leaving the checkout gives the place back at once.
      await updateAppointment(tx, id, { status: 'expired', updatedAt: now });
      if (a.slotId !== null) {
        await releaseSeats(tx, [a.slotId]);
        // Also how a client declines a place offered from the waitlist: the next in line gets it.
        await deps.waitlist?.placesFreed(tx, [a.slotId], `left:${id}`);
      }
      // The card attempt of a left checkout is ended, so its old page cannot take the money.
      await deps.payments?.abandon(tx, { appointmentId: id });
      return;
    }
    if (a.status !== 'confirmed') throw new AppError('conflict', 'This booking is already cancelled.');
    if (a.startsAt.getTime() <= now.getTime()) throw new AppError('conflict', 'This booking has already started.');
    const byProvider = a.providerId === viewer.id;
    const refundable = byProvider || clientRefundable(a.startsAt, now, policy.min_hours_before_cancellation);
    const refund = refundable ? await refundCardPayments(deps, tx, id, byProvider ? 'provider_cancellation' : 'client_cancellation') : 0;
    await updateAppointment(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: viewer.id,
      refundDueCents: refund,
      // The e-mailed CANCEL must outrank every file sent before it (docs/product-rules.md#e-mails-and-calendar-files).
      icsSequence: a.icsSequence + 1,
      ...(refund > 0 ? refundedPayment : {}),
      // A membership credit comes back only inside the refund window.
      ...(refundable && a.paymentMethod === 'membership' ? { membershipId: null, membershipGroupId: null, paymentMethod: null } : {}),
      updatedAt: now,
    });
    if (a.slotId !== null) {
      await releaseSeats(tx, [a.slotId]);
      await deps.waitlist?.placesFreed(tx, [a.slotId], `cancelled:${id}`);
    }
    await deps.calendar?.bookingChanged(tx, a);
    await deps.mail.queue(tx, [
      bookingCancelledEmail(await loadAppointment(tx, id), byProvider, { cents: refund, byHand: refundsByHand(deps) }, deps.appUrl, now),
    ]);
  });
  deps.payments?.wake();
  return presentTo(deps, await loadAppointment(db, id), viewer);
}
