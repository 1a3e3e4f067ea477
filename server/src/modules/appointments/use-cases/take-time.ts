/**
 * The one check behind a new hold and a re-booking (docs/product-rules.md#booking): a booking takes
 * its time only if that time could be booked now. Runs under the provider's lock; the database's
 * constraints back it.
 */
import type { Policies } from '@slotted/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { lockProvider } from '../../../db/provider-lock.ts';
import type { slots } from '../../../db/schema.ts';
import { bookingWindow, slotInstants, type ProviderAvailability } from '../../../domain/scheduling/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isExclusionViolation, isUniqueViolation } from '../../../lib/pg-errors.ts';
import type { ServiceListRow } from '../../services/index.ts';
import { busyTime, enginePolicy, type ProviderInput } from '../../slots/index.ts';
import type { UserRow } from '../../users/index.ts';
import { expireHoldsAt, takeSeat, type BookingAt } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

const DAY_MS = 86_400_000;

export const slotGone = () => new AppError('slot_taken', 'This slot is no longer available. Please select another one.');

/**
 * What a booking of one service needs, read before its transaction (see docs/architecture.md,
 * PGlite): the live service, its provider and their policy and, for an appointment, the working
 * hours, time off and holidays around the start — as this process keeps them
 * (`ProviderInputs`), at the provider's data version `version`, which `lockBookable` checks.
 */
export interface Bookable {
  found: ServiceListRow;
  provider: UserRow;
  policy: Policies;
  /** Working hours, time off and holidays around the start (appointments only). */
  hours: ProviderAvailability | null;
  /** The provider's data version the rest was read at, or before (`lockBookable` compares it). */
  version: number;
}

/** Where a booking goes: a class occurrence, or an appointment's start and end. */
export type Place = { slot: typeof slots.$inferSelect } | { startsAt: Date; endsAt: Date };

/** The place as the queries name it. */
export function placeOf(place: Place): BookingAt {
  return 'slot' in place ? { slotId: place.slot.id } : { startsAt: place.startsAt, endsAt: place.endsAt };
}

/** The provider's data changed since the booking's inputs were read: they are read again (`withBookable`). */
class StaleInputs extends Error {}

/** The booking's inputs from `entry` (null when the service is gone), the timetables extended first. */
async function bookableFrom(
  deps: AppointmentsDeps,
  entry: ProviderInput | null,
  serviceId: number,
  startMs: number,
): Promise<Bookable | null> {
  if (!entry) return null;
  const found = await deps.inputs.service(entry, serviceId);
  if (!found) return null;
  await deps.inputs.extend(entry, deps.clock.now());
  const hours =
    found.service.type === 'appointment' ? await deps.inputs.hours(entry, new Date(startMs - DAY_MS), new Date(startMs + DAY_MS)) : null;
  return { found, provider: entry.provider, policy: entry.policy, hours, version: entry.version };
}

/**
 * The booking's inputs at the provider's current data version (one statement when this process
 * keeps them), for a check made without the provider's lock (the booking page's hint); null when
 * the service is gone.
 */
export async function currentBookable(deps: AppointmentsDeps, serviceId: number, startMs: number): Promise<Bookable | null> {
  return bookableFrom(deps, await deps.inputs.current(serviceId), serviceId, startMs);
}

/**
 * Runs `book` (a transaction that starts with `lockBookable`) with the booking's inputs as this
 * process keeps them, without a statement; if the provider's data changed since they were kept,
 * again with them read at the current version. A change committed between that read and the lock,
 * milliseconds apart, answers 409 (docs/decisions/0021-booking-inputs-checked-under-the-lock.md).
 */
export async function withBookable<T>(
  deps: AppointmentsDeps,
  serviceId: number,
  startMs: number,
  book: (b: Bookable | null) => Promise<T>,
): Promise<T> {
  try {
    return await book(await bookableFrom(deps, await deps.inputs.kept(serviceId), serviceId, startMs));
  } catch (err) {
    if (!(err instanceof StaleInputs)) throw err;
  }
  try {
    return await book(await currentBookable(deps, serviceId, startMs));
  } catch (err) {
    throw err instanceof StaleInputs ? slotGone() : err;
  }
}

/**
 * Takes the provider's lock, first in a booking's transaction, and makes sure `b` is the
 * provider's data as of the lock: same version, else StaleInputs (`withBookable` reads them again).
 */
export async function lockBookable(tx: Tx, b: Bookable): Promise<void> {
  if ((await lockProvider(tx, b.provider.id)) !== b.version) throw new StaleInputs();
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
