/**
 * POST /api/appointments/{id}/mark-refunded: the provider records that they gave back by hand a
 * refund their booking owes (docs/product-rules.md#cancellation-and-refunds) — one a card refund
 * could not make (no Stripe keys, or Stripe's refund gave up). In one transaction: each refund
 * owed becomes `settled_by_hand` and counts as given back on its payment. Nothing owed: 409.
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import { lockExistingPayment, lockRefundsOwedByHand, updatePayment, updateRefund } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import { lockAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';

export async function markRefunded(deps: AppointmentsDeps, provider: UserRow, id: string): Promise<Appointment> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || a.providerId !== provider.id) throw appointmentNotFound();
    const owed = await lockRefundsOwedByHand(tx, id);
    if (owed.length === 0) throw new AppError('conflict', 'No refund is due for this booking.');
    for (const refund of owed) {
      await updateRefund(tx, refund.id, { status: 'settled_by_hand', updatedAt: now });
      const p = await lockExistingPayment(tx, refund.paymentId);
      const refunded = Math.min(p.amountCents, p.refundedCents + refund.amountCents);
      await updatePayment(tx, p.id, {
        refundedCents: refunded,
        status: refunded >= p.amountCents ? 'refunded' : 'partially_refunded',
        updatedAt: now,
      });
    }
  });
  return presentTo(deps, await loadAppointment(db, id), provider);
}
