/**
 * POST /api/appointments/{id}/reschedule: moving a confirmed booking to another time of the same
 * service (docs/product-rules.md#moving-a-booking). The client may while a cancellation would
 * still be refundable; the provider at any time. In one transaction under the provider's lock,
 * the new time passes every check a new booking passes (takeTime), the old time is freed, and the
 * booking keeps its id, its price and its payment — a membership credit is taken again in the new
 * session's period, or the move is refused. Calendar files keep the UID with SEQUENCE raised.
 */
import type { Appointment, RescheduleInput } from '@slotted/contract';
import { usableMemberships } from '../../../domain/memberships/index.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, validationError } from '../../../lib/app-error.ts';
import { loadMembershipFacts, toDomainMembership } from '../../memberships/index.ts';
import type { UserRow } from '../../users/index.ts';
import { bookingMovedEmails } from '../appointments.emails.ts';
import { clientMoveRefusal } from '../appointments.presenter.ts';
import { expireHoldsAt, findSlot, lockAppointment, releaseSeats, updateAppointment, type AppointmentRow } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { lockBookable, placeOf, slotGone, slotTakenByGuard, takeTime, withBookable, type Place } from './take-time.ts';

const cannotMove = (why: string) => new AppError('conflict', why);

export async function reschedule(deps: AppointmentsDeps, viewer: UserRow, id: string, input: RescheduleInput): Promise<Appointment> {
  const { db, clock } = deps;
  const now = clock.now();
  // Read before the transaction: on PGlite a query outside `tx` waits for it to end.
  const current = await loadAppointment(db, id);
  const before = current.appointment;
  if (before.clientId !== viewer.id && before.providerId !== viewer.id) throw appointmentNotFound();
  const byProvider = before.providerId === viewer.id;
  const target = await targetOf(deps, before, input);
  const startMs = 'slot' in target ? target.slot.startsAt.getTime() : target.startsAt.getTime();
  await withBookable(deps, before.serviceId, startMs, async (b) => {
    if (!b) throw cannotMove(`${current.service.name} is no longer offered.`);
    try {
      await db.transaction(async (tx) => {
        // The provider's lock first, as every booking takes it (then this booking's row).
        await lockBookable(tx, b);
        const a = await lockAppointment(tx, id);
        if (!a || (a.clientId !== viewer.id && a.providerId !== viewer.id)) throw appointmentNotFound();
        if (a.startsAt.getTime() !== before.startsAt.getTime() || a.slotId !== before.slotId) throw bookingChanged();
        if (a.status !== 'confirmed') throw cannotMove('Only a confirmed booking can be moved.');
        if (!byProvider) {
          if (a.startsAt.getTime() <= now.getTime()) throw cannotMove('This booking has already started.');
          const refusal = clientMoveRefusal(a.startsAt, now, b.policy.min_hours_before_cancellation);
          if (refusal) throw cannotMove(refusal);
        }
        await expireHoldsAt(tx, a.providerId, placeOf(target), now);
        // Starts step by the service's duration, so the new time never overlaps the booking's own.
        await takeTime(deps, tx, b, target, a.clientId, now);
        if (a.slotId !== null) {
          await releaseSeats(tx, [a.slotId]);
          // The place left behind goes to that occurrence's waitlist (docs/product-rules.md#waitlist).
          await deps.waitlist?.placesFreed(tx, [a.slotId], `moved:${id}:${now.getTime()}`);
        }
        const moved = await updateAppointment(tx, id, {
          ...('slot' in target
            ? { slotId: target.slot.id, startsAt: target.slot.startsAt, endsAt: target.slot.endsAt }
            : { startsAt: target.startsAt, endsAt: target.endsAt }),
          // The credit is taken again below, in the period of the new time.
          ...(a.paymentMethod === 'membership' ? { membershipId: null, membershipGroupId: null } : {}),
          icsSequence: a.icsSequence + 1,
          updatedAt: now,
        });
        if (a.paymentMethod === 'membership' && a.membershipId !== null) await creditAgain(tx, moved, a.membershipId);
        await deps.calendar?.bookingChanged(tx, moved, a.slotId);
        await deps.mail.queue(tx, bookingMovedEmails(await loadAppointment(tx, id), before, byProvider, deps.appUrl, now));
      });
    } catch (err) {
      throw slotTakenByGuard(err);
    }
  });
  return presentTo(deps, await loadAppointment(db, id), viewer);
}

/** The new place: an occurrence of the same class, or a start of the same 1:1 service. */
async function targetOf(deps: AppointmentsDeps, a: AppointmentRow, input: RescheduleInput): Promise<Place> {
  if (a.slotId !== null) {
    if (input.slot_id === undefined) throw validationError({ slot_id: ['Choose a time.'] });
    const slot = await findSlot(deps.db, input.slot_id);
    if (!slot || slot.serviceId !== a.serviceId) throw slotGone();
    if (slot.id === a.slotId) throw cannotMove('This is already the time of the booking.');
    return { slot };
  }
  if (input.starts_at === undefined) throw validationError({ starts_at: ['Choose a time.'] });
  const startsAt = new Date(input.starts_at);
  if (startsAt.getTime() === a.startsAt.getTime()) throw cannotMove('This is already the time of the booking.');
  return { startsAt, endsAt: new Date(startsAt.getTime() + (a.endsAt.getTime() - a.startsAt.getTime())) };
}

/**
 * Takes a credit of the booking's membership in the period of its new time. Its row stays locked
 * until the move commits, so simultaneous bookings against its last credit count each other's use.
 */
async function creditAgain(tx: Tx, a: AppointmentRow, membershipId: string): Promise<void> {
  const facts = await loadMembershipFacts(
    tx,
    { ids: [membershipId], clientId: a.clientId, providerId: a.providerId, confirmedOnly: true },
    { lock: true },
  );
  const [usable] = usableMemberships(facts.map(toDomainMembership), a.serviceId, a.startsAt);
  if (!usable)
    throw new AppError('membership_unusable', 'Your membership has no session left for the new time. Please choose another time.');
  await updateAppointment(tx, a.id, { membershipId, membershipGroupId: usable.groupId });
}
