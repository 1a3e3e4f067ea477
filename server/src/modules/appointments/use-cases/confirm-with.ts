/**
 * Confirming the client's own booking with one way of paying
 * (docs/product-rules.md#confirmation-and-payment-options): a live hold is confirmed, a booking
 * the client cancelled is re-booked; either way in one transaction that settles the price.
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { missingPayment } from '../appointments.presenter.ts';
import { lockAppointment, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged, markConfirmed, type Settlement } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { rebook } from './rebook.ts';

export async function confirmWith(deps: AppointmentsDeps, viewer: UserRow, id: string, settlement: Settlement): Promise<Appointment> {
  const { db, clock } = deps;
  const current = await loadAppointment(db, id);
  if (current.appointment.clientId !== viewer.id) throw appointmentNotFound();
  if (current.appointment.status === 'cancelled') return rebook(deps, viewer, current, settlement);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || a.clientId !== viewer.id) throw appointmentNotFound();
    if (a.status === 'confirmed' && settlement.alreadySettled(a)) return;
    if (
      a.status === 'confirmed' &&
      settlement.paysConfirmed &&
      a.paymentMethod === null &&
      missingPayment(a) &&
      a.startsAt.getTime() > now.getTime()
    ) {
      await updateAppointment(tx, a.id, { ...(await settlement.pay(tx, a)), updatedAt: now });
      return;
    }
    if (a.status === 'confirmed' || a.status === 'cancelled') throw bookingChanged();
    if (a.status === 'expired' || !a.holdExpiresAt || a.holdExpiresAt.getTime() <= now.getTime()) {
      throw new AppError('hold_expired', 'Your session timed out before we could confirm your booking.');
    }
    await markConfirmed(deps, tx, a, now, await settlement.pay(tx, a));
  });
  return presentTo(deps, await loadAppointment(db, id), viewer);
}
