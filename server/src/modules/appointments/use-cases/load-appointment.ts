/** Reading one booking with everything its page shows, and presenting it to a viewer. */
import type { Appointment, MembershipOption } from '@slotted/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { presentAppointment, rebookable } from '../appointments.presenter.ts';
import { appointmentDetails, byId, findSlot, type AppointmentDetails } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { currentBookable, timeOffered } from './take-time.ts';

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
  const now = deps.clock.now();
  const a = d.appointment;
  // Re-booking is offered only if the server would take the time again (time off, holidays or
  // new hours may have closed it; a class may be cancelled or full): the checks of takeTime, only
  // for a cancellation that would otherwise be offered.
  let timeStillOffered = true;
  if (a.clientId === viewer.id && a.status === 'cancelled' && a.startsAt.getTime() > now.getTime() && rebookable(a, now, policy)) {
    const b = await currentBookable(deps, a.serviceId, a.startsAt.getTime());
    const slot = a.slotId === null ? null : await findSlot(deps.db, a.slotId);
    timeStillOffered = !!b && (a.slotId === null || !!slot) && (await timeOffered(deps.db, b, slot ? { slot } : a, now));
  }
  return presentAppointment(d, {
    viewerId: viewer.id,
    viewerTimeZone: viewer.timezone,
    now,
    policy,
    timeStillOffered,
    cardPayments: deps.payments !== null,
    memberships,
  });
}
