/**
 * Re-booking a cancelled booking is booking its time again
 * (docs/product-rules.md#confirmation-and-payment-options): only the client's own cancellation can
 * be undone (a provider's is final), of a service still offered, and only if that time could be
 * booked now — the same check as a new hold, under the provider's lock.
 */
import type { Appointment } from '@slotted/contract';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { expireHoldsAt, findSlot, lockAppointment, type AppointmentDetails, type AppointmentRow } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged, markConfirmed, type Settlement } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { lockBookable, placeOf, slotTakenByGuard, takeTime, withBookable, type Place } from './take-time.ts';

const cannotRebook = (why: string) => new AppError('conflict', `${why} Please choose another time.`);

/**
 * Takes the time of the client's cancelled booking `current` (read before the transaction) again,
 * then `then` decides what the booking becomes, in the same transaction with its row locked.
 * `done`: the booking already became that (a repeated request), nothing to do.
 */
export async function takeBackTime(
  deps: AppointmentsDeps,
  viewer: UserRow,
  current: AppointmentDetails,
  done: (a: AppointmentRow) => boolean,
  then: (tx: Tx, a: AppointmentRow, now: Date) => Promise<void>,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const { id, clientId, cancelledBy, startsAt, serviceId } = current.appointment;
  if (cancelledBy !== clientId) throw cannotRebook(`${current.provider.name} cancelled this booking, so it cannot be re-booked.`);
  if (startsAt.getTime() <= now.getTime()) throw cannotRebook('This time has passed.');
  await withBookable(deps, serviceId, startsAt.getTime(), async (b) => {
    if (!b) throw cannotRebook(`${current.service.name} is no longer offered.`);
    try {
      await db.transaction(async (tx) => {
        // The provider's lock first, as every booking takes it (then this booking's row).
        await lockBookable(tx, b);
        const a = await lockAppointment(tx, id);
        if (!a || a.clientId !== viewer.id) throw appointmentNotFound();
        if (done(a)) return;
        if (a.status !== 'cancelled') throw bookingChanged();
        const slot = a.slotId === null ? null : await findSlot(tx, a.slotId);
        const place: Place = slot ? { slot } : { startsAt: a.startsAt, endsAt: a.endsAt };
        // `then` makes the booking active again, an update the database's guards check against
        // every hold, expired or not: the expired ones in its way go first (a rare path, so always).
        await expireHoldsAt(tx, b.provider.id, placeOf(place), now);
        // Before `then`: a booking that counts as active again would find its own time taken.
        await takeTime(deps, tx, b, place, a.clientId, now);
        await then(tx, a, now);
      });
    } catch (err) {
      throw slotTakenByGuard(err);
    }
  });
}

/** Confirms the client's cancelled booking again, `settlement` paying for it. */
export async function rebook(
  deps: AppointmentsDeps,
  viewer: UserRow,
  current: AppointmentDetails,
  settlement: Settlement,
): Promise<Appointment> {
  await takeBackTime(
    deps,
    viewer,
    current,
    (a) => a.status === 'confirmed' && settlement.alreadySettled(a),
    async (tx, a, now) => markConfirmed(deps, tx, a, now, await settlement.pay(tx, a)),
  );
  return presentTo(deps, await loadAppointment(deps.db, current.appointment.id), viewer);
}
