/**
 * Booking (docs/product-rules.md#booking and the sections after it). A booking
 * starts as a 10-minute hold, is confirmed without payment (pay in person, re-book) or later by
 * card or membership, and can be cancelled with the provider's refund rule. Every change is one
 * transaction under the provider's lock; the database's constraints back the checks.
 *
 * The routes call this facade; each use case is its own file in use-cases/, so a new way to
 * confirm (card, membership) is a new sibling there rather than another branch here.
 */
import type { appointmentQuery, Attendance, createAppointmentInput, RescheduleInput } from '@slotted/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { registerReminders } from './reminders.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { UserRow } from '../users/index.ts';
import type { AppointmentsDeps } from './use-cases/appointments-deps.ts';
import { cancelAppointment } from './use-cases/cancel-appointment.ts';
import { cardPaid } from './use-cases/card-paid.ts';
import { checkout } from './use-cases/checkout.ts';
import { classBookingsCancelled } from './use-cases/class-bookings-cancelled.ts';
import { confirmWithoutPayment } from './use-cases/confirm-without-payment.ts';
import { deductMembership } from './use-cases/deduct-membership.ts';
import { holdTime } from './use-cases/hold-time.ts';
import { markAttendance } from './use-cases/mark-attendance.ts';
import { reschedule } from './use-cases/reschedule.ts';
import { markPaid } from './use-cases/mark-paid.ts';
import { markRefunded } from './use-cases/mark-refunded.ts';
import { getAppointment, listAppointments, listClients, type ListQuery } from './use-cases/read-appointments.ts';

export function appointmentsService(deps: AppointmentsDeps) {
  const sameTime = oneAtATime();
  registerReminders(deps);
  return {
    create: (viewer: UserRow, input: z.output<typeof createAppointmentInput>, ip: string) => holdTime(deps, sameTime, viewer, input, ip),
    get: (viewer: UserRow, id: string, q: z.output<typeof appointmentQuery>, ip: string) => getAppointment(deps, viewer, id, q, ip),
    confirmWithoutPayment: (viewer: UserRow, id: string) => confirmWithoutPayment(deps, viewer, id),
    checkout: (viewer: UserRow, id: string, ip: string) => checkout(deps, viewer, id, ip),
    /** The payments module's settlement of a booking's card payment (registered in app.ts). */
    cardPaid: (tx: Tx, payment: PaymentRow, now: Date) => cardPaid(deps, tx, payment, now),
    deductMembership: (viewer: UserRow, id: string, membershipId: string) => deductMembership(deps, viewer, id, membershipId),
    markPaid: (provider: UserRow, id: string) => markPaid(deps, provider, id),
    reschedule: (viewer: UserRow, id: string, input: RescheduleInput) => reschedule(deps, viewer, id, input),
    markAttendance: (provider: UserRow, id: string, status: Attendance | null) => markAttendance(deps, provider, id, status),
    markRefunded: (provider: UserRow, id: string) => markRefunded(deps, provider, id),
    cancel: (viewer: UserRow, id: string) => cancelAppointment(deps, viewer, id),
    list: (viewer: UserRow, q: ListQuery) => listAppointments(deps, viewer, q),
    clients: (provider: UserRow) => listClients(deps, provider),
    classBookingsCancelled: (tx: Tx, appointmentIds: string[]) => classBookingsCancelled(deps, tx, appointmentIds),
  };
}
