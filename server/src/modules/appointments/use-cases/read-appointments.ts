/** The reads: one booking, a list of them, and a provider's clients. */
import type { Appointment } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import { imageUrl } from '../../images/index.ts';
import type { UserRow } from '../../users/index.ts';
import { missingPayment } from '../appointments.presenter.ts';
import { appointmentDetails, listFilter, providerClients } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { membershipOptions } from './membership-options.ts';

/**
 * GET /api/appointments/{id}: the client's own booking, or one with the viewer as provider. With
 * `include=memberships`, the client's memberships that can pay for a booking they may still confirm.
 * With `session_id`, the client is back from paying (a 3-D Secure redirect): the server asks
 * Stripe about that payment of this booking before answering, as the webhook may come later.
 */
export async function getAppointment(
  deps: AppointmentsDeps,
  viewer: UserRow,
  id: string,
  q: { include?: 'memberships'; session_id?: string },
  ip: string,
): Promise<Appointment> {
  if (q.session_id) await deps.payments?.syncIntent(q.session_id, { payerId: viewer.id, appointmentId: id, ip });
  const d = await loadAppointment(deps.db, id);
  const a = d.appointment;
  if (a.clientId !== viewer.id && a.providerId !== viewer.id) throw appointmentNotFound();
  // A confirmed booking still to be paid (e.g. its membership stopped covering it) may take a credit too.
  const confirmable =
    a.clientId === viewer.id &&
    (a.status === 'held' || a.status === 'cancelled' || (a.status === 'confirmed' && a.paymentMethod === null && missingPayment(a)));
  const memberships = q.include === 'memberships' && confirmable ? await membershipOptions(deps, a) : undefined;
  return presentTo(deps, d, viewer, memberships);
}

export interface ListQuery {
  client_id?: string;
  subset?: 'future' | 'past' | 'cancelled';
  service_id?: number;
  paid_only?: 'true' | 'false';
}

/** GET /api/appointments: the viewer's bookings, or (providers) one client's bookings with them. */
export async function listAppointments(deps: AppointmentsDeps, viewer: UserRow, q: ListQuery): Promise<Appointment[]> {
  if (q.client_id && !viewer.isProvider) throw new AppError('forbidden', 'Only providers can see their clients’ bookings.');
  const { where, order } = listFilter({
    clientId: q.client_id ?? viewer.id,
    providerId: q.client_id ? viewer.id : undefined,
    serviceId: q.service_id,
    paidOnly: q.paid_only === 'true',
    subset: q.subset,
    now: deps.clock.now(),
  });
  const rows = await appointmentDetails(deps.db, where).orderBy(order).limit(200);
  return Promise.all(rows.map((d) => presentTo(deps, d, viewer)));
}

/** GET /api/clients: everyone who booked the provider. */
export async function listClients(deps: AppointmentsDeps, provider: UserRow) {
  return (await providerClients(deps.db, provider.id)).map((c) => ({
    id: c.id,
    name: c.name,
    avatar: imageUrl(c.avatarImageId),
    email: c.email,
    phone: c.phone,
    is_me: c.id === provider.id,
    attended: Number(c.attended),
    no_shows: Number(c.noShows),
  }));
}
