/**
 * The slot engine's input, read from the database one way for listing a service's slots and for
 * booking one of them (docs/product-rules.md): the same service, provider, policy, working hours
 * (provider-inputs.ts) and busy time, so the engine that listed a time is the one that decides it
 * can still be booked.
 */
import type { Policies } from '@slotted/contract';
import { activeBookings } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { BookingPolicy, BusyInterval } from '../../domain/scheduling/index.ts';
import type { availabilityService } from '../availability/index.ts';
import { storedBusyTimes } from '../calendar-connections/index.ts';
import type { classesService } from '../classes/index.ts';
import { liveOccurrences } from './slots.queries.ts';

/** What the provider's part of the input is read with (provider-inputs.ts). */
export interface EngineInputDeps {
  db: Db;
  availability: ReturnType<typeof availabilityService>;
  classes: ReturnType<typeof classesService>;
}

/** The engine's policy input from the provider's policies. */
export function enginePolicy(policy: Policies): BookingPolicy {
  return { minNoticeMinutes: policy.min_hours_before_booking * 60, maxAdvanceDays: policy.max_days_before_booking };
}

/**
 * The provider's bookings and class occurrences touching [from, to), and the time they block:
 * one provider cannot be in two places, so 1:1 bookings and every live class occurrence count.
 * Takes `tx` when a booking is checked under the provider's lock.
 */
export async function busyTime(executor: Db | Tx, providerId: string, from: Date, to: Date, now: Date) {
  const [bookings, occurrences, calendars] = await Promise.all([
    activeBookings(executor, providerId, from, to, now),
    liveOccurrences(executor, providerId, from, to, now),
    // Busy times of the provider's connected calendars, as the last sync stored them (D17).
    storedBusyTimes(executor, providerId, from, to),
  ]);
  const busy: BusyInterval[] = [
    ...bookings.filter((b) => b.slotId === null).map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() })),
    ...occurrences.map((o) => ({ start: o.startsAt.getTime(), end: o.endsAt.getTime() })),
    ...calendars.map((c) => ({ start: c.startsAt.getTime(), end: c.endsAt.getTime() })),
  ];
  return { bookings, occurrences, busy };
}
