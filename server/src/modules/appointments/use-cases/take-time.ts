/**
 * The one check behind a new hold and a re-booking (docs/product-rules.md#booking): a booking takes
 * its time only if that time could be booked now. Runs under the provider's lock; the database's
 * constraints back it.
 */
import type { Db, Tx } from '../../../db/client.ts';
import type { slots } from '../../../db/schema.ts';
import { bookingWindow, slotInstants, type ProviderAvailability } from '../../../domain/scheduling/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isExclusionViolation, isUniqueViolation } from '../../../lib/pg-errors.ts';
import { busyTime, enginePolicy, engineInput, type BookableService } from '../../slots/index.ts';
import { expireHoldsAt, takeSeat, type BookingAt } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

const DAY_MS = 86_400_000;

export const slotGone = () => new AppError('slot_taken', 'This slot is no longer available. Please select another one.');

/** What a booking of one service needs, read before its transaction (see docs/architecture.md, PGlite). */
export interface Bookable extends BookableService {
  /** Working hours, time off and holidays around the start (appointments only): only bookings race, so they are read before the lock. */
  hours: ProviderAvailability | null;
}

/** Where a booking goes: a class occurrence, or an appointment's start and end. */
export type Place = { slot: typeof slots.$inferSelect } | { startsAt: Date; endsAt: Date };

/** The place as the queries name it. */
export function placeOf(place: Place): BookingAt {
  return 'slot' in place ? { slotId: place.slot.id } : { startsAt: place.startsAt, endsAt: place.endsAt };
}

/** The live service with its provider, policy and (for a start at `startMs`) working hours; null when the service is gone. */
export async function loadBookable(deps: AppointmentsDeps, serviceId: number, startMs: number): Promise<Bookable | null> {
  const input = engineInput(deps);
  const bookable = await input.bookable(serviceId);
  if (!bookable) return null;
  const hours =
    bookable.found.service.type === 'appointment'
      ? await input.hours(bookable.provider, new Date(startMs - DAY_MS), new Date(startMs + DAY_MS))
      : null;
  return { ...bookable, hours };
}

/**
 * Takes the time of a booking if it can be booked now, or answers 409 slot_taken. A class place:
 * an occurrence that is not cancelled, starts inside the notice and advance limits and has a
 * free place (taken by a conditional update). An appointment: a start the slot engine still
 * offers (working hours, time off, holidays, notice, advance limit, nobody else's time).
 */
export async function takeTime(deps: AppointmentsDeps, tx: Tx, b: Bookable, place: Place, clientId: string, now: Date): Promise<void> {
  if ('slot' in place) {
    if (!classOccurrenceOpen(b, place.slot, now)) throw slotGone();
    // A place that came free belongs to the waitlist's next in line (docs/product-rules.md#waitlist)
    // until its job has offered it; those offers are held bookings, made without takeTime.
    if (await deps.waitlist?.othersWaiting(tx, place.slot.id, clientId)) throw slotGone();
    if (await takeSeat(tx, place.slot.id)) return;
    // A full class may be full of holds past their expiry: seats_taken counts them until they are expired.
    if ((await expireHoldsAt(tx, b.provider.id, placeOf(place), now)) > 0 && (await takeSeat(tx, place.slot.id))) return;
    throw slotGone();
  }
  if (!(await appointmentTimeOffered(tx, b, place, now))) throw slotGone();
}

/** A class occurrence that is not cancelled and starts inside the booking notice and advance limits. */
function classOccurrenceOpen(b: Bookable, slot: typeof slots.$inferSelect, now: Date): boolean {
  const { fromMs, toMs } = bookingWindow({ now: now.getTime(), policy: enginePolicy(b.policy) });
  const startMs = slot.startsAt.getTime();
  return !slot.cancelledAt && startMs >= fromMs && startMs < toMs;
}

/**
 * Whether the place could be taken now — the booking's page offers re-booking only then (without
 * a lock, so only a hint; takeTime decides): a class occurrence open with a free place (a place
 * held past its expiry counts as taken here), or an appointment start the engine still offers.
 */
export async function timeOffered(executor: Db | Tx, b: Bookable, place: Place, now: Date): Promise<boolean> {
  if ('slot' in place) return classOccurrenceOpen(b, place.slot, now) && place.slot.seatsTaken < place.slot.capacity;
  return appointmentTimeOffered(executor, b, place, now);
}

/**
 * Whether the slot engine still offers this appointment's exact start now: the check takeTime
 * makes under the lock, and the one the booking's page uses to offer re-booking (without a lock,
 * so only a hint; takeTime decides).
 */
async function appointmentTimeOffered(
  executor: Db | Tx,
  b: Bookable,
  place: { startsAt: Date; endsAt: Date },
  now: Date,
): Promise<boolean> {
  if (!b.hours) throw new Error("An appointment's working hours are read before its booking");
  const hours = b.hours;
  const startMs = place.startsAt.getTime();
  const endMs = place.endsAt.getTime();
  const { busy } = await busyTime(executor, b.provider.id, new Date(startMs - DAY_MS), new Date(endMs + DAY_MS), now);
  // The same engine that listed the time decides whether it can still be booked.
  const [candidate] = slotInstants({
    provider: hours,
    service: { type: 'appointment', durationMinutes: (endMs - startMs) / 60_000, capacity: 1 },
    busy,
    policy: enginePolicy(b.policy),
    viewerTimeZone: 'UTC',
    now: now.getTime(),
    window: { from: startMs, to: startMs + 1 },
  });
  return !!candidate && candidate.startMs === startMs && candidate.status === 'available';
}

/** The database's guards — overlapping time (exclusion) or a second place in one class — answer as a taken slot. */
export function slotTakenByGuard(err: unknown): unknown {
  return isExclusionViolation(err) || isUniqueViolation(err, 'appointments_one_per_client_slot') ? slotGone() : err;
}
