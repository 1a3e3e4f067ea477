/**
 * Booking (DESIGN.md D4–D6; spec §2 Appointment confirmation, §4 Appointment states). A booking
 * starts as a 10-minute hold, is confirmed without payment (pay in person, re-book) or later by
 * card or membership, and can be cancelled with the provider's refund rule. Every change is one
 * transaction under the provider's lock; the database's constraints back the checks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ERROR_CODES, HOLD_TTL_MINUTES, type Appointment, type createAppointmentInput } from '@slotted/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import { slotInstants } from '../../domain/scheduling/index.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { HttpError, isUniqueViolation, notFound, forbidden, validationError } from '../../lib/http-error.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { notify } from '../../mail/notify.ts';
import type { UserRow } from '../auth/sessions.queries.ts';
import type { availabilityService } from '../availability/availability.service.ts';
import { findProvider } from '../profile/profile.queries.ts';
import { findLiveService } from '../services/services.queries.ts';
import { activeBookings, liveOccurrences } from '../slots/slots.queries.ts';
import { busyTime, enginePolicy } from '../slots/slots.service.ts';
import { bookingCancelledEmail, bookingConfirmedEmails } from './appointments.emails.ts';
import { clientRefundable, paymentOptions, presentAppointment } from './appointments.presenter.ts';
import {
  appointmentDetails, byId, expireStaleHolds, findLiveBookingOf, findSlot, insertAppointment, listFilter, lockAppointment, lockProvider,
  providerClients, releaseSeats, takeSeat, updateAppointment, type AppointmentDetails, type AppointmentRow,
} from './appointments.queries.ts';
import { imageUrl } from '../images/images.service.ts';

const DAY_MS = 86_400_000;
const slotGone = () => new HttpError(409, ERROR_CODES.slotTaken, 'This slot is no longer available. Please select another one.');
const holdExpired = () => new HttpError(409, ERROR_CODES.holdExpired, 'Your session timed out before we could confirm your booking.');

/** Postgres exclusion violation (two active bookings of one provider overlap). */
function isExclusionViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) if (e.code === '23P01') return true;
  return false;
}

export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  availability: ReturnType<typeof availabilityService>;
  /** Card payments are configured on this installation (D11). */
  cardPayments: boolean;
  logMailError(err: unknown, message: MailMessage): void;
}

export function appointmentsService(deps: AppointmentsDeps) {
  const { db, clock } = deps;

  async function present(d: AppointmentDetails, viewer: UserRow): Promise<Appointment> {
    const policy = await deps.availability.policy(d.appointment.providerId);
    return presentAppointment(d, { viewerId: viewer.id, viewerTimeZone: viewer.timezone, now: clock.now(), policy, cardPayments: deps.cardPayments });
  }

  async function details(executor: Db | Tx, id: string): Promise<AppointmentDetails> {
    const [d] = await appointmentDetails(executor, byId(id));
    if (!d) throw notFound('Appointment not found.');
    return d;
  }

  /** Re-takes the time of a cancelled booking (re-booking): a class seat, or the provider's time. */
  async function retake(tx: Tx, a: AppointmentRow, now: Date): Promise<void> {
    await lockProvider(tx, a.providerId);
    await expireStaleHolds(tx, a.providerId, now);
    if (a.slotId !== null) {
      if (!(await takeSeat(tx, a.slotId))) throw slotGone();
      return;
    }
    const occurrences = await liveOccurrences(tx, a.providerId, a.startsAt, a.endsAt, now);
    if (occurrences.length > 0) throw slotGone();
  }

  return {
    /** POST /api/appointments: a 10-minute hold on a class place or an appointment time (D4). */
    async create(viewer: UserRow, input: z.output<typeof createAppointmentInput>): Promise<{ id: string; created: boolean }> {
      const found = await findLiveService(db, input.service_id);
      const provider = found && (await findProvider(db, { id: found.service.providerId }));
      if (!found || !provider) throw notFound('Service not found.');
      const service = found.service;
      if (provider.id === viewer.id) throw validationError({ service_id: ['You cannot book your own service.'] });
      if (service.type === 'class' && input.slot_id === undefined) throw validationError({ slot_id: ['Choose a class time.'] });
      if (service.type === 'appointment' && input.starts_at === undefined) throw validationError({ starts_at: ['Choose a time.'] });

      // A hold nobody could pay for would only fail at checkout: say so before taking the place.
      if (paymentOptions(provider, true, deps.cardPayments).length === 0) {
        throw new HttpError(403, 'payment_required', `${provider.name} takes payment online when you book, which is not available yet. Please contact them to book.`);
      }
      const policy = await deps.availability.policy(provider.id);
      const now = clock.now();
      const startMs = service.type === 'appointment' ? Date.parse(input.starts_at!) : 0;
      // Working hours, time off and holidays are read before the lock: only bookings race.
      const hours = service.type === 'appointment'
        ? await deps.availability.forSlotEngine(provider, new Date(startMs - DAY_MS).getUTCFullYear(), new Date(startMs + DAY_MS).getUTCFullYear())
        : null;

      try {
        return await db.transaction(async (tx) => {
          await lockProvider(tx, provider.id);
          await expireStaleHolds(tx, provider.id, now);
          const hold = { clientId: viewer.id, providerId: provider.id, serviceId: service.id, priceCents: service.priceCents, status: 'held' as const, holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES), createdAt: now, updatedAt: now };

          if (service.type === 'class') {
            const slot = await findSlot(tx, input.slot_id!);
            if (!slot || slot.serviceId !== service.id) throw notFound('Class not found.');
            const existing = await findLiveBookingOf(tx, viewer.id, service.id, { slotId: slot.id }, now);
            if (existing) return { id: existing.id, created: false };
            const earliest = now.getTime() + policy.min_hours_before_booking * 3_600_000;
            const latest = now.getTime() + policy.max_days_before_booking * DAY_MS;
            if (slot.cancelledAt || slot.startsAt.getTime() < earliest || slot.startsAt.getTime() >= latest) throw slotGone();
            if (!(await takeSeat(tx, slot.id))) throw slotGone();
            const row = await insertAppointment(tx, { ...hold, slotId: slot.id, startsAt: slot.startsAt, endsAt: slot.endsAt });
            return { id: row.id, created: true };
          }

          const startsAt = new Date(startMs);
          const existing = await findLiveBookingOf(tx, viewer.id, service.id, { startsAt }, now);
          if (existing) return { id: existing.id, created: false };
          const endMs = startMs + service.durationMinutes * 60_000;
          const [bookings, occurrences] = await Promise.all([
            activeBookings(tx, provider.id, new Date(startMs - DAY_MS), new Date(endMs + DAY_MS), now),
            liveOccurrences(tx, provider.id, new Date(startMs - DAY_MS), new Date(endMs + DAY_MS), now),
          ]);
          // The same engine that listed the time decides whether it can still be booked.
          const [candidate] = slotInstants({
            provider: hours!,
            service: { type: 'appointment', durationMinutes: service.durationMinutes, capacity: 1 },
            busy: busyTime(bookings, occurrences),
            policy: enginePolicy(policy),
            viewerTimeZone: 'UTC',
            now: now.getTime(),
            window: { from: startMs, to: startMs + 1 },
          });
          if (!candidate || candidate.startMs !== startMs || candidate.status !== 'available') throw slotGone();
          const row = await insertAppointment(tx, { ...hold, startsAt, endsAt: new Date(endMs) });
          return { id: row.id, created: true };
        });
      } catch (err) {
        // The database's guards: overlapping time (exclusion) or a second place in one class.
        if (isExclusionViolation(err) || isUniqueViolation(err, 'appointments_one_per_client_slot')) throw slotGone();
        throw err;
      }
    },

    /** GET /api/appointments/{id}: the client's own booking, or one with the viewer as provider. */
    async get(viewer: UserRow, id: string): Promise<Appointment> {
      const d = await details(db, id);
      if (d.appointment.clientId !== viewer.id && d.appointment.providerId !== viewer.id) throw notFound('Appointment not found.');
      return present(d, viewer);
    },

    /** Pay in person or re-book: confirms without a new payment (spec §4, D5, D6). */
    async confirmWithoutPayment(viewer: UserRow, id: string): Promise<Appointment> {
      const now = clock.now();
      let confirmedNow = false;
      try {
        await db.transaction(async (tx) => {
          const a = await lockAppointment(tx, id);
          if (!a || a.clientId !== viewer.id) throw notFound('Appointment not found.');
          if (a.status === 'confirmed') return;
          const provider = (await details(tx, id)).provider;
          if (a.status === 'expired' || (a.status === 'held' && (!a.holdExpiresAt || a.holdExpiresAt.getTime() <= now.getTime()))) throw holdExpired();
          const paid = a.paidAt !== null;
          if (!paid && provider.requirePayment) throw forbidden('This provider asks for payment when you book.');
          if (a.status === 'cancelled') {
            if (a.startsAt.getTime() <= now.getTime()) throw new HttpError(409, ERROR_CODES.conflict, 'This time has passed. Please choose another one.');
            await retake(tx, a, now);
          }
          await updateAppointment(tx, id, {
            status: 'confirmed', confirmedAt: now, cancelledAt: null, cancelledBy: null, holdExpiresAt: null,
            // A re-booked payment pays for this booking again rather than being refunded.
            refundDueCents: 0,
            paymentMethod: paid ? a.paymentMethod : 'in_person',
            updatedAt: now,
          });
          confirmedNow = true;
        });
      } catch (err) {
        if (isExclusionViolation(err)) throw slotGone();
        throw err;
      }
      const d = await details(db, id);
      if (confirmedNow) await notify(deps.mailer, bookingConfirmedEmails(d, deps.appUrl, now), deps.logMailError);
      return present(d, viewer);
    },

    /** POST /api/appointments/{id}/cancel, by the client or the provider (D6). */
    async cancel(viewer: UserRow, id: string): Promise<Appointment> {
      const now = clock.now();
      let notice: { byProvider: boolean; refund: number } | null = null;
      // Read before the transaction: on PGlite a query outside `tx` waits for it to end.
      const current = await details(db, id);
      if (current.appointment.clientId !== viewer.id && current.appointment.providerId !== viewer.id) throw notFound('Appointment not found.');
      const policy = await deps.availability.policy(current.appointment.providerId);
      await db.transaction(async (tx) => {
        const a = await lockAppointment(tx, id);
        if (!a || (a.clientId !== viewer.id && a.providerId !== viewer.id)) throw notFound('Appointment not found.');
        if (a.status === 'held') {
          // Leaving the checkout gives the place back at once.
          await updateAppointment(tx, id, { status: 'expired', updatedAt: now });
          if (a.slotId !== null) await releaseSeats(tx, [a.slotId]);
          return;
        }
        if (a.status !== 'confirmed') throw new HttpError(409, ERROR_CODES.conflict, 'This booking is already cancelled.');
        if (a.startsAt.getTime() <= now.getTime()) throw new HttpError(409, ERROR_CODES.conflict, 'This booking has already started.');
        const byProvider = a.providerId === viewer.id;
        const refundable = byProvider || clientRefundable(a.startsAt, now, policy.min_hours_before_cancellation);
        const refund = refundable && a.paidAt && a.paymentMethod === 'card' ? a.priceCents : 0;
        await updateAppointment(tx, id, {
          status: 'cancelled', cancelledAt: now, cancelledBy: viewer.id, refundDueCents: refund,
          // A membership credit comes back only inside the refund window.
          ...(refundable && a.paymentMethod === 'membership' ? { membershipId: null, membershipGroupId: null } : {}),
          updatedAt: now,
        });
        if (a.slotId !== null) await releaseSeats(tx, [a.slotId]);
        notice = { byProvider, refund };
      });
      const d = await details(db, id);
      const sent = notice as { byProvider: boolean; refund: number } | null;
      if (sent) await notify(deps.mailer, [bookingCancelledEmail(d, sent.byProvider, sent.refund, deps.appUrl, now)], deps.logMailError);
      return present(d, viewer);
    },

    /** GET /api/appointments: the viewer's bookings, or (providers) one client's bookings with them. */
    async list(viewer: UserRow, q: { client_id?: string; subset?: 'future' | 'past' | 'cancelled'; service_id?: number; paid_only?: 'true' | 'false' }): Promise<Appointment[]> {
      if (q.client_id && !viewer.isProvider) throw forbidden('Only providers can see their clients’ bookings.');
      const { where, order } = listFilter({
        clientId: q.client_id ?? viewer.id, providerId: q.client_id ? viewer.id : undefined, serviceId: q.service_id,
        paidOnly: q.paid_only === 'true', subset: q.subset, now: clock.now(),
      });
      const rows = await appointmentDetails(db, where).orderBy(order).limit(200);
      return Promise.all(rows.map((d) => present(d, viewer)));
    },

    /** GET /api/clients: everyone who booked the provider. */
    async clients(provider: UserRow) {
      return (await providerClients(db, provider.id)).map((c) => ({
        id: c.id, name: c.name, avatar: imageUrl(c.avatarImageId), email: c.email, phone: c.phone, is_me: c.id === provider.id,
      }));
    },

    /** E-mails the clients whose bookings a class cancellation cancelled (called after it commits). */
    async notifyClassCancelled(appointmentIds: string[]): Promise<void> {
      if (appointmentIds.length === 0) return;
      const rows = await appointmentDetails(db, and(inArray(appointments.id, appointmentIds), eq(appointments.status, 'cancelled'))!);
      const now = clock.now();
      await notify(deps.mailer, rows.map((d) => bookingCancelledEmail(d, true, d.appointment.refundDueCents, deps.appUrl, now)), deps.logMailError);
    },
  };
}
