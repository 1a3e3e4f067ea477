/**
 * POST /api/appointments/{id}/confirm-without-payment: pay in person, or re-book a cancelled
 * booking (docs/product-rules.md#confirmation-and-payment-options).
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { lockAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged, checkNoPaymentNeeded, markConfirmed } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { rebook } from './rebook.ts';

export async function confirmWithoutPayment(deps: AppointmentsDeps, viewer: UserRow, id: string): Promise<Appointment> {
  const { db, clock } = deps;
  const current = await loadAppointment(db, id);
  if (current.appointment.clientId !== viewer.id) throw appointmentNotFound();
  if (current.appointment.status === 'cancelled') return rebook(deps, viewer, current);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || a.clientId !== viewer.id) throw appointmentNotFound();
    if (a.status === 'confirmed') return;
    if (a.status === 'cancelled') throw bookingChanged();
    if (a.status === 'expired' || !a.holdExpiresAt || a.holdExpiresAt.getTime() <= now.getTime()) {
      throw new AppError('hold_expired', 'Your session timed out before we could confirm your booking.');
    }
    await checkNoPaymentNeeded(tx, a);
    await markConfirmed(deps, tx, a, now);
  });
  return presentTo(deps, await loadAppointment(db, id), viewer);
}
