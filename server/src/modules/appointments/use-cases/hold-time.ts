/**
 * POST /api/appointments: a 10-minute hold on a class place or an appointment time
 * (docs/product-rules.md#holds).
 */
import { HOLD_TTL_MINUTES, type createAppointmentInput } from '@slotted/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { appointments } from '../../../db/schema.ts';
import { addMinutes } from '../../../lib/clock.ts';
import type { OneAtATime } from '../../../lib/one-at-a-time.ts';
import { AppError, validationError } from '../../../lib/app-error.ts';
import { checkHoldLimit, limitHoldAttempts } from '../../memberships/index.ts';
import type { UserRow } from '../../users/index.ts';
import {
  expireHoldsAt,
  findLiveBookingOf,
  findSlot,
  insertAppointment,
  insertUnlessTaken,
  livePlaceHolders,
  releaseHoldsOf,
  takenByOthers,
  type AppointmentRow,
  type NewAppointment,
} from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { lockBookable, placeOf, slotGone, slotTakenByGuard, takeTime, withBookable, type Bookable, type Place } from './take-time.ts';

/**
 * One client cannot hold every free time (docs/product-rules.md#holds): a new hold replaces the
 * client's other holds of the same service, and at most MAX_LIVE_HOLDS_PER_PROVIDER live holds with
 * one provider.
 */
async function makeRoomForHold(deps: AppointmentsDeps, tx: Tx, viewer: UserRow, b: Bookable, now: Date): Promise<void> {
  const freed = await releaseHoldsOf(tx, viewer.id, b.found.service.id, now);
  // A released hold may have been a place offered from the waitlist: the next in line gets it.
  if (freed.length > 0) await deps.waitlist?.placesFreed(tx, freed, `released:${viewer.id}:${now.getTime()}`);
  await checkHoldLimit(tx, appointments, viewer.id, b.provider, now, 'bookings');
}

/**
 * Inserts the hold. The database's guards count holds past their expiry until someone marks them
 * expired (they cannot read the clock): only when one of those stands in the way is it expired,
 * and the insert tried again; anything else in the way means the time is taken.
 */
async function insertHold(tx: Tx, providerId: string, place: Place, row: NewAppointment, now: Date): Promise<AppointmentRow> {
  const saved = await insertUnlessTaken(tx, row);
  if (saved) return saved;
  if ((await expireHoldsAt(tx, providerId, placeOf(place), now)) === 0) throw slotGone();
  return insertAppointment(tx, row);
}

/**
 * Holds the time; repeating the request while the hold lives returns the same booking (`created: false`).
 * Requests for one time (or one class occurrence) run one at a time in this process (`sameTime`):
 * when a crowd asks for it at once, each later request finds the earlier one's hold with a single
 * read instead of loading everything a booking needs and queueing for the provider's lock.
 */
export async function holdTime(
  deps: AppointmentsDeps,
  sameTime: OneAtATime,
  viewer: UserRow,
  input: z.output<typeof createAppointmentInput>,
  ip: string,
): Promise<{ id: string; created: boolean }> {
  const { db, clock } = deps;
  await limitHoldAttempts(db, deps.bookingLimits, 'booking', viewer.id, ip, clock.now());
  const startMs = input.starts_at === undefined ? 0 : Date.parse(input.starts_at);
  const asked =
    input.slot_id !== undefined ? { slotId: input.slot_id } : input.starts_at !== undefined ? { startsAt: new Date(startMs) } : null;
  if (!asked) return hold(deps, viewer, input, startMs, null);
  const key = `${input.service_id}:${'slotId' in asked ? `slot ${asked.slotId}` : startMs}`;
  return sameTime.run(key, viewer.id, async () => {
    const { id, created, goneExceptFor } = await hold(deps, viewer, input, startMs, asked);
    // This hold took the time (or the class's last place): the requests still waiting for it are
    // answered now, as their own check would answer (decision 0019), except those of clients for
    // whom the check would not say taken.
    if (goneExceptFor) sameTime.turnAway(key, slotGone(), (who) => goneExceptFor.includes(who));
    return { id, created };
  });
}

/** A hold; if it took the last of its time or class, the clients who could still get an answer other than 409 for it. */
interface Held {
  id: string;
  created: boolean;
  goneExceptFor: string[] | null;
}

async function hold(
  deps: AppointmentsDeps,
  viewer: UserRow,
  input: z.output<typeof createAppointmentInput>,
  startMs: number,
  asked: { slotId: number } | { startsAt: Date } | null,
): Promise<Held> {
  const { db, clock } = deps;
  // Read after any wait for an earlier request of the same time, so that a hold lasts its full ten minutes.
  const now = clock.now();
  // Losers of a race for one time are turned away here, before the reads a booking needs and the queue for the provider's lock.
  if (asked && (await takenByOthers(db, viewer.id, input.service_id, asked, now))) throw slotGone();
  return withBookable(deps, input.service_id, startMs, (b) => holdWith(deps, viewer, input, startMs, asked, b, now));
}

/** The hold, with the booking's inputs `b` (checked under the provider's lock before anything is decided from them). */
async function holdWith(
  deps: AppointmentsDeps,
  viewer: UserRow,
  input: z.output<typeof createAppointmentInput>,
  startMs: number,
  asked: { slotId: number } | { startsAt: Date } | null,
  b: Bookable | null,
  now: Date,
): Promise<Held> {
  if (!b) throw new AppError('not_found', 'Service not found.');
  const {
    found: { service },
    provider,
  } = b;
  try {
    return await deps.db.transaction(async (tx) => {
      await lockBookable(tx, b);
      if (provider.id === viewer.id) throw validationError({ service_id: ['You cannot book your own service.'] });
      if (service.type === 'class' && input.slot_id === undefined) throw validationError({ slot_id: ['Choose a class time.'] });
      if (service.type === 'appointment' && input.starts_at === undefined) throw validationError({ starts_at: ['Choose a time.'] });
      // Those who passed that check while the winner was still booking learn it first thing here.
      if (asked && (await takenByOthers(tx, viewer.id, service.id, asked, now))) throw slotGone();
      const hold = {
        clientId: viewer.id,
        providerId: provider.id,
        serviceId: service.id,
        priceCents: service.priceCents,
        status: 'held' as const,
        holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES),
        createdAt: now,
        updatedAt: now,
      };

      let place: Place;
      if (service.type === 'class') {
        if (input.slot_id === undefined) throw new AppError('not_found', 'Class not found.');
        const slot = await findSlot(tx, input.slot_id);
        if (!slot || slot.serviceId !== service.id) throw new AppError('not_found', 'Class not found.');
        place = { slot };
      } else {
        place = { startsAt: new Date(startMs), endsAt: new Date(startMs + service.durationMinutes * 60_000) };
      }
      const at = 'slot' in place ? { slotId: place.slot.id } : { startsAt: place.startsAt };
      const existing = await findLiveBookingOf(tx, viewer.id, service.id, at, now);
      if (existing) return { id: existing.id, created: false, goneExceptFor: null };
      await makeRoomForHold(deps, tx, viewer, b, now);
      await takeTime(deps, tx, b, place, viewer.id, now);
      const row = await insertHold(
        tx,
        provider.id,
        place,
        'slot' in place
          ? { ...hold, slotId: place.slot.id, startsAt: place.slot.startsAt, endsAt: place.slot.endsAt }
          : { ...hold, startsAt: place.startsAt, endsAt: place.endsAt },
        now,
      );
      // The provider is told they cannot book their own service, and a class's own attendees get their place back.
      if (!('slot' in place)) return { id: row.id, created: true, goneExceptFor: [viewer.id, provider.id] };
      const holders = place.slot.seatsTaken + 1 < place.slot.capacity ? [] : await livePlaceHolders(tx, place.slot.id, now);
      return { id: row.id, created: true, goneExceptFor: holders.length >= place.slot.capacity ? [provider.id, ...holders] : null };
    });
  } catch (err) {
    throw slotTakenByGuard(err);
  }
}
