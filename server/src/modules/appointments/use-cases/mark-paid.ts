/**
 * POST /api/appointments/{id}/mark-paid: the provider records that a booking to be paid in person
 * has been paid (docs/product-rules.md#payments): a payment row and the booking's `paid_at`, once.
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { missingPayment } from '../appointments.presenter.ts';
import { insertPayment, lockAppointment, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';

export async function markPaid(deps: AppointmentsDeps, provider: UserRow, id: string): Promise<Appointment> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || a.providerId !== provider.id) throw appointmentNotFound();
    if (a.status !== 'confirmed') throw new AppError('conflict', 'Only a confirmed booking can be marked as paid.');
    // In person, or left without a way of paying when its membership stopped covering it.
    if (!missingPayment(a) || (a.paymentMethod !== 'in_person' && a.paymentMethod !== null))
      throw new AppError('conflict', 'This booking is already paid.');
    await insertPayment(tx, {
      payerId: a.clientId,
      providerId: a.providerId,
      appointmentId: a.id,
      amountCents: a.priceCents,
      method: 'in_person',
      status: 'succeeded',
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await updateAppointment(tx, id, { paidAt: now, updatedAt: now });
  });
  return presentTo(deps, await loadAppointment(db, id), provider);
}
