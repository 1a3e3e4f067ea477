/**
 * Booking (DESIGN.md D4–D6; spec §2 Appointment confirmation, §4 Appointment states). A booking
 * starts as a 10-minute hold, is confirmed without payment (pay in person, re-book) or later by
 * card or membership, and can be cancelled with the provider's refund rule. Every change is one
 * transaction under the provider's lock; the database's constraints back the checks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  HOLD_TTL_MINUTES, MAX_LIVE_HOLDS_PER_PROVIDER, type Appointment, type Policies, type createAppointmentInput,
} from '@slotted/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, type slots } from '../../db/schema.ts';
import { bookingWindow, slotInstants, type ProviderAvailability } from '../../domain/scheduling/index.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { enforceRateLimits, minutesText } from '../../plugins/rate-limit.ts';
import type { UserRow } from '../users/index.ts';
import type { availabilityService } from '../availability/availability.service.ts';
import type { classesService } from '../classes/classes.service.ts';
import { findProvider } from '../users/index.ts';
import { findLiveService, type ServiceRow } from '../services/services.queries.ts';
import { activeBookings, liveOccurrences } from '../slots/slots.queries.ts';
import { busyTime, enginePolicy } from '../slots/slots.service.ts';
import { bookingCancelledEmail, bookingConfirmedEmails } from './appointments.emails.ts';
import { clientRefundable, paymentOptions, presentAppointment } from './appointments.presenter.ts';
import {
  appointmentDetails, byId, expireStaleHolds, findLiveBookingOf, findSlot, insertAppointment, listFilter, liveHoldsWith, lockAppointment, lockProvider,
  providerClients, releaseHoldsOf, releaseSeats, takeSeat, updateAppointment, type AppointmentDetails,
} from './appointments.queries.ts';
import { imageUrl } from '../images/images.service.ts';

const DAY_MS = 86_400_000;
const slotGone = () => new AppError('slot_taken', 'This slot is no longer available. Please select another one.');
const holdExpired = () => new AppError('hold_expired', 'Your session timed out before we could confirm your booking.');
const cannotRebook = (why: string) => new AppError('conflict', `${why} Please choose another time.`);

/** What a booking of one service needs, read before its transaction (see docs/architecture.md, PGlite). */
interface Bookable {
  service: ServiceRow;
  provider: UserRow;
  policy: Policies;
  /** Working hours, time off and holidays around the start (appointments only): only bookings race, so they are read before the lock. */
  hours: ProviderAvailability | null;
}

/** Where a booking goes: a class occurrence, or an appointment's start and end. */
type Place = { slot: typeof slots.$inferSelect } | { startsAt: Date; endsAt: Date };

export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  appUrl: string;
  availability: ReturnType<typeof availabilityService>;
  classes: ReturnType<typeof classesService>;
  /** Card payments are configured on this installation (D11). */
  cardPayments: boolean;
  /** `POST /api/appointments` per signed-in user and per client address, in a window of minutes. */
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
}

export function appointmentsService(deps: AppointmentsDeps) {
  const { db, clock } = deps;

  async function present(d: AppointmentDetails, viewer: UserRow): Promise<Appointment> {
    const policy = await deps.availability.policy(d.appointment.providerId);
    return presentAppointment(d, { viewerId: viewer.id, viewerTimeZone: viewer.timezone, now: clock.now(), policy, cardPayments: deps.cardPayments });
  }

  async function details(executor: Db | Tx, id: string): Promise<AppointmentDetails> {
    const [d] = await appointmentDetails(executor, byId(id));
    if (!d) throw new AppError('not_found', 'Appointment not found.');
    return d;
  }

  /** The live service with its provider, policy and (for a start at `startMs`) working hours; null when the service is gone. */
  async function bookable(serviceId: number, startMs: number): Promise<Bookable | null> {
    const found = await findLiveService(db, serviceId);
    const provider = found && (await findProvider(db, { id: found.service.providerId }));
    if (!found || !provider) return null;
    const policy = await deps.availability.policy(provider.id);
    // An appointment must see every class occurrence up to the horizon, or a timetable extended later would land on it.
    if (found.service.type === 'appointment') await deps.classes.extendTimetables(provider);
    const hours = found.service.type === 'appointment'
      ? await deps.availability.forSlotEngine(provider, new Date(startMs - DAY_MS).getUTCFullYear(), new Date(startMs + DAY_MS).getUTCFullYear())
      : null;
    return { service: found.service, provider, policy, hours };
  }

  /**
   * Takes the time of a booking if it can be booked now, or answers 409 slot_taken — the one check
   * behind a new hold and a re-booking (D4, D6). Runs under the provider's lock. A class place:
   * an occurrence that is not cancelled, starts inside the notice and advance limits and has a
   * free place (taken by a conditional update). An appointment: a start the slot engine still
   * offers (working hours, time off, holidays, notice, advance limit, nobody else's time).
   */
  async function takeTime(tx: Tx, b: Bookable, place: Place, now: Date): Promise<void> {
    if ('slot' in place) {
      const { fromMs, toMs } = bookingWindow({ now: now.getTime(), policy: enginePolicy(b.policy) });
      const startMs = place.slot.startsAt.getTime();
      if (place.slot.cancelledAt || startMs < fromMs || startMs >= toMs) throw slotGone();
      if (!(await takeSeat(tx, place.slot.id))) throw slotGone();
      return;
    }
    const startMs = place.startsAt.getTime();
    const endMs = place.endsAt.getTime();
    const [bookings, occurrences] = await Promise.all([
      activeBookings(tx, b.provider.id, new Date(startMs - DAY_MS), new Date(endMs + DAY_MS), now),
      liveOccurrences(tx, b.provider.id, new Date(startMs - DAY_MS), new Date(endMs + DAY_MS), now),
    ]);
    // The same engine that listed the time decides whether it can still be booked.
    const [candidate] = slotInstants({
      provider: b.hours!,
      service: { type: 'appointment', durationMinutes: (endMs - startMs) / 60_000, capacity: 1 },
      busy: busyTime(bookings, occurrences),
      policy: enginePolicy(b.policy),
      viewerTimeZone: 'UTC',
      now: now.getTime(),
      window: { from: startMs, to: startMs + 1 },
    });
    if (!candidate || candidate.startMs !== startMs || candidate.status !== 'available') throw slotGone();
  }

  /**
   * One client cannot hold every free time (D4): a new hold replaces the client's other holds of
   * the same service, and at most MAX_LIVE_HOLDS_PER_PROVIDER live holds with one provider.
   */
  async function makeRoomForHold(tx: Tx, viewer: UserRow, b: Bookable, now: Date): Promise<void> {
    await releaseHoldsOf(tx, viewer.id, b.service.id, now);
    const holds = await liveHoldsWith(tx, viewer.id, b.provider.id, now);
    if (holds.count < MAX_LIVE_HOLDS_PER_PROVIDER) return;
    const wait = Math.max(1, Math.ceil(((holds.firstExpiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    throw new AppError('too_many_holds', `You already have ${holds.count} unconfirmed bookings with ${b.provider.name}. Confirm one of them, or try again in ${minutesText(wait)} when the first is released.`, { retryAfterSeconds: wait });
  }

  return {
    /** POST /api/appointments: a 10-minute hold on a class place or an appointment time (D4). */
    async create(viewer: UserRow, input: z.output<typeof createAppointmentInput>, ip: string): Promise<{ id: string; created: boolean }> {
      const limits = deps.bookingLimits;
      await enforceRateLimits(db, [{ key: `booking:ip:${ip}`, limit: limits.perIp }, { key: `booking:user:${viewer.id}`, limit: limits.perUser }],
        limits.windowMinutes * 60_000, clock.now(), 'booking attempts');
      const startMs = input.starts_at === undefined ? 0 : Date.parse(input.starts_at);
      const b = await bookable(input.service_id, startMs);
      if (!b) throw new AppError('not_found', 'Service not found.');
      const { service, provider } = b;
      if (provider.id === viewer.id) throw validationError({ service_id: ['You cannot book your own service.'] });
      if (service.type === 'class' && input.slot_id === undefined) throw validationError({ slot_id: ['Choose a class time.'] });
      if (service.type === 'appointment' && input.starts_at === undefined) throw validationError({ starts_at: ['Choose a time.'] });

      // A hold nobody could pay for would only fail at checkout: say so before taking the place.
      if (paymentOptions(provider, true, deps.cardPayments).length === 0) {
        throw new AppError('payment_required', `${provider.name} takes payment online when you book, which is not available yet. Please contact them to book.`);
      }
      const now = clock.now();

      try {
        return await db.transaction(async (tx) => {
          await lockProvider(tx, provider.id);
          await expireStaleHolds(tx, provider.id, now);
          const hold = { clientId: viewer.id, providerId: provider.id, serviceId: service.id, priceCents: service.priceCents, status: 'held' as const, holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES), createdAt: now, updatedAt: now };

          let place: Place;
          if (service.type === 'class') {
            const slot = await findSlot(tx, input.slot_id!);
            if (!slot || slot.serviceId !== service.id) throw new AppError('not_found', 'Class not found.');
            place = { slot };
          } else {
            place = { startsAt: new Date(startMs), endsAt: new Date(startMs + service.durationMinutes * 60_000) };
          }
          const at = 'slot' in place ? { slotId: place.slot.id } : { startsAt: place.startsAt };
          const existing = await findLiveBookingOf(tx, viewer.id, service.id, at, now);
          if (existing) return { id: existing.id, created: false };
          await makeRoomForHold(tx, viewer, b, now);
          await takeTime(tx, b, place, now);
          const row = await insertAppointment(tx, 'slot' in place
            ? { ...hold, slotId: place.slot.id, startsAt: place.slot.startsAt, endsAt: place.slot.endsAt }
            : { ...hold, startsAt: place.startsAt, endsAt: place.endsAt });
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
      if (d.appointment.clientId !== viewer.id && d.appointment.providerId !== viewer.id) throw new AppError('not_found', 'Appointment not found.');
      return present(d, viewer);
    },

    /** Pay in person or re-book: confirms without a new payment (spec §4, D5, D6). */
    async confirmWithoutPayment(viewer: UserRow, id: string): Promise<Appointment> {
      const now = clock.now();
      // Re-booking a cancelled booking is booking its time again (D6): read what that needs first.
      const current = await details(db, id);
      if (current.appointment.clientId !== viewer.id) throw new AppError('not_found', 'Appointment not found.');
      const rebooking = current.appointment.status === 'cancelled';
      let b: Bookable | null = null;
      if (rebooking) {
        const a = current.appointment;
        // Only the client's own cancellation can be undone; the provider's is final.
        if (a.cancelledBy !== a.clientId) throw cannotRebook(`${current.provider.name} cancelled this booking, so it cannot be re-booked.`);
        if (a.startsAt.getTime() <= now.getTime()) throw cannotRebook('This time has passed.');
        b = await bookable(a.serviceId, a.startsAt.getTime());
        if (!b) throw cannotRebook(`${current.service.name} is no longer offered.`);
      }
      try {
        await db.transaction(async (tx) => {
          // The provider's lock first, as every booking takes it (then this booking's row).
          if (b) {
            await lockProvider(tx, b.provider.id);
            await expireStaleHolds(tx, b.provider.id, now);
          }
          const a = await lockAppointment(tx, id);
          if (!a || a.clientId !== viewer.id) throw new AppError('not_found', 'Appointment not found.');
          if (a.status === 'confirmed') return;
          if ((a.status === 'cancelled') !== rebooking) throw new AppError('conflict', 'This booking has just changed. Please reload the page.');
          const provider = (await details(tx, id)).provider;
          if (a.status === 'expired' || (a.status === 'held' && (!a.holdExpiresAt || a.holdExpiresAt.getTime() <= now.getTime()))) throw holdExpired();
          const paid = a.paidAt !== null;
          if (!paid && provider.requirePayment) throw new AppError('forbidden', 'This provider asks for payment when you book.');
          if (b) {
            const slot = a.slotId === null ? null : await findSlot(tx, a.slotId);
            await takeTime(tx, b, slot ? { slot } : { startsAt: a.startsAt, endsAt: a.endsAt }, now);
          }
          await updateAppointment(tx, id, {
            status: 'confirmed', confirmedAt: now, cancelledAt: null, cancelledBy: null, holdExpiresAt: null,
            // A re-booked payment pays for this booking again rather than being refunded.
            refundDueCents: 0,
            paymentMethod: paid ? a.paymentMethod : 'in_person',
            updatedAt: now,
          });
          await deps.mail.queue(tx, bookingConfirmedEmails(await details(tx, id), deps.appUrl, now));
        });
      } catch (err) {
        if (isExclusionViolation(err) || isUniqueViolation(err, 'appointments_one_per_client_slot')) throw slotGone();
        throw err;
      }
      const d = await details(db, id);
      return present(d, viewer);
    },

    /** POST /api/appointments/{id}/cancel, by the client or the provider (D6). */
    async cancel(viewer: UserRow, id: string): Promise<Appointment> {
      const now = clock.now();
      // Read before the transaction: on PGlite a query outside `tx` waits for it to end.
      const current = await details(db, id);
      if (current.appointment.clientId !== viewer.id && current.appointment.providerId !== viewer.id) throw new AppError('not_found', 'Appointment not found.');
      const policy = await deps.availability.policy(current.appointment.providerId);
      await db.transaction(async (tx) => {
        const a = await lockAppointment(tx, id);
        if (!a || (a.clientId !== viewer.id && a.providerId !== viewer.id)) throw new AppError('not_found', 'Appointment not found.');
        if (a.status === 'held') {
          // Leaving the checkout gives the place back at once.
          await updateAppointment(tx, id, { status: 'expired', updatedAt: now });
          if (a.slotId !== null) await releaseSeats(tx, [a.slotId]);
          return;
        }
        if (a.status !== 'confirmed') throw new AppError('conflict', 'This booking is already cancelled.');
        if (a.startsAt.getTime() <= now.getTime()) throw new AppError('conflict', 'This booking has already started.');
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
        await deps.mail.queue(tx, [bookingCancelledEmail(await details(tx, id), byProvider, refund, deps.appUrl, now)]);
      });
      const d = await details(db, id);
      return present(d, viewer);
    },

    /** GET /api/appointments: the viewer's bookings, or (providers) one client's bookings with them. */
    async list(viewer: UserRow, q: { client_id?: string; subset?: 'future' | 'past' | 'cancelled'; service_id?: number; paid_only?: 'true' | 'false' }): Promise<Appointment[]> {
      if (q.client_id && !viewer.isProvider) throw new AppError('forbidden', 'Only providers can see their clients’ bookings.');
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

    /** E-mails the clients whose bookings a class cancellation cancelled, in its transaction. */
    async mailClassCancelled(tx: Tx, appointmentIds: string[]): Promise<void> {
      if (appointmentIds.length === 0) return;
      const rows = await appointmentDetails(tx, and(inArray(appointments.id, appointmentIds), eq(appointments.status, 'cancelled'))!);
      const now = clock.now();
      await deps.mail.queue(tx, rows.map((d) => bookingCancelledEmail(d, true, d.appointment.refundDueCents, deps.appUrl, now)));
    },
  };
}
