/** Reading one booking with everything its page shows, and presenting it to a viewer. */
import type { Appointment, MembershipOption } from '@slotted/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { presentAppointment } from '../appointments.presenter.ts';
import { appointmentDetails, byId, type AppointmentDetails } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

/**
 * Other people's bookings answer 404 like missing ones (docs/product-rules.md#roles-and-accounts).
 */
export const appointmentNotFound = () => new AppError('not_found', 'Appointment not found.');

export async function loadAppointment(executor: Db | Tx, id: string): Promise<AppointmentDetails> {
  const [d] = await appointmentDetails(executor, byId(id));
  if (!d) throw appointmentNotFound();
  return d;
}

/** `memberships`: those that can pay for it, when the viewer asked for them. */
export async function presentTo(
  deps: AppointmentsDeps,
  d: AppointmentDetails,
  viewer: UserRow,
  memberships?: MembershipOption[],
): Promise<Appointment> {
  const policy = await deps.availability.policy(d.appointment.providerId);
  return presentAppointment(d, {
    viewerId: viewer.id,
    viewerTimeZone: viewer.timezone,
    now: deps.clock.now(),
    policy,
    cardPayments: deps.payments !== null,
    memberships,
  });
}
