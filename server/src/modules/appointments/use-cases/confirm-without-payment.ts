/**
 * POST /api/appointments/{id}/confirm-without-payment: pay in person, or re-book a cancelled
 * booking (docs/product-rules.md#confirmation-and-payment-options).
 */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { missingPayment, paymentOptions } from '../appointments.presenter.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import type { Settlement } from './confirm-booking.ts';
import { confirmWith } from './confirm-with.ts';
import { loadAppointment } from './load-appointment.ts';

/**
 * Refused when the provider requires payment and can take it by card, and none was made. A
 * booking paid before (or holding a membership credit kept by a late cancellation) keeps how it
 * was paid; otherwise it is paid in person.
 */
function withoutPayment(deps: AppointmentsDeps): Settlement {
  return {
    alreadySettled: () => true,
    async pay(tx, a) {
      if (!missingPayment(a)) return { paymentMethod: a.paymentMethod };
      const { provider } = await loadAppointment(tx, a.id);
      if (!paymentOptions(provider, true, deps.payments !== null, a.priceCents).includes('in_person')) {
        throw new AppError('payment_required', 'This provider asks for payment by card when you book.');
      }
      return { paymentMethod: 'in_person' };
    },
  };
}

export function confirmWithoutPayment(deps: AppointmentsDeps, viewer: UserRow, id: string): Promise<Appointment> {
  return confirmWith(deps, viewer, id, withoutPayment(deps));
}
