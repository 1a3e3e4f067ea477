import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { appointments } from '../../../db/schema.ts';
import { bookingCancelledEmail } from '../appointments.emails.ts';
import { appointmentDetails } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

/** E-mails the clients whose bookings a class cancellation cancelled, in its transaction. */
export async function mailClassCancelled(deps: AppointmentsDeps, tx: Tx, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const rows = await appointmentDetails(tx, and(inArray(appointments.id, appointmentIds), eq(appointments.status, 'cancelled'))!);
  const now = deps.clock.now();
  await deps.mail.queue(
    tx,
    rows.map((d) => bookingCancelledEmail(d, true, d.appointment.refundDueCents, deps.appUrl, now)),
  );
}
