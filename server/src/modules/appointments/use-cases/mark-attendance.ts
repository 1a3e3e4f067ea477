/**
 * POST /api/appointments/{id}/attendance: the provider checks a client in, marks a no-show, or
 * takes the mark back (docs/product-rules.md#roster-and-check-in). Only a confirmed booking of
 * theirs, from CHECK_IN_OPENS_MINUTES before the start until CHECK_IN_CLOSES_DAYS after it. A
 * no-show changes nothing else: the credit used and the payment stay.
 */
import { CHECK_IN_CLOSES_DAYS, CHECK_IN_OPENS_MINUTES, type Appointment, type Attendance } from '@slotted/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { lockAppointment, updateAppointment } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';

export async function markAttendance(
  deps: AppointmentsDeps,
  provider: UserRow,
  id: string,
  status: Attendance | null,
): Promise<Appointment> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, id);
    if (!a || a.providerId !== provider.id) throw appointmentNotFound();
    if (a.status !== 'confirmed') throw new AppError('conflict', 'Only a confirmed booking can be checked in.');
    const opens = a.startsAt.getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
    const closes = a.startsAt.getTime() + CHECK_IN_CLOSES_DAYS * 86_400_000;
    if (now.getTime() < opens) throw new AppError('conflict', 'Check-in opens one hour before the start.');
    if (now.getTime() > closes) throw new AppError('conflict', 'Check-in closed seven days after the session.');
    await updateAppointment(tx, id, { attendance: status, attendanceMarkedAt: status === null ? null : now, updatedAt: now });
  });
  return presentTo(deps, await loadAppointment(db, id), provider);
}
