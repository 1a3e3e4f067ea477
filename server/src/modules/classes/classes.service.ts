/**
 * Group classes (docs/product-rules.md#classes). A repeater produces occurrences that
 * are stored as slot rows up to the advance-booking horizon and extended as time passes, so
 * bookings, capacity and cancellations attach to real rows.
 */
import { WEEKDAYS, type Policies, type repeaterInput } from '@slotted/contract';
import type { z } from 'zod';
import { activeBookings } from '../../db/active-booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockProvider } from '../../db/provider-lock.ts';
import { occurrenceConflicts, type OccurrenceConflict, type ProviderDays } from '../../domain/classes/occurrence-conflicts.ts';
import {
  addDays,
  localDateOf,
  repeaterOccurrences,
  type Occurrence,
  type RepeaterRule,
} from '../../domain/classes/repeater-occurrences.ts';
import { parseLocalDateTime } from '../../domain/scheduling/civil-time.ts';
import { slotInstantOfWall, zoneTimeline } from '../../domain/scheduling/zoned-time.ts';
import type { IsoWeekday } from '../../domain/scheduling/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { bumpProviderVersion } from '../public-cache/index.ts';
import type { UserRow } from '../users/index.ts';
import type { availabilityService } from '../availability/index.ts';
import { storedBusyTimes } from '../calendar-connections/index.ts';
import { findLiveService } from '../services/index.ts';
import {
  cancelOccurrences,
  endRepeater,
  findSlotForUpdate,
  insertOccurrences,
  insertRepeater,
  laterOccurrenceIds,
  repeatersToExtend,
  setMaterialisedUntil,
  type RepeaterRow,
} from './classes.queries.ts';

const DAY_MS = 86_400_000;

export interface ClassesDeps {
  db: Db;
  clock: Clock;
  availability: ReturnType<typeof availabilityService>;
  /** Refunds and tells the clients of the bookings a class cancellation cancelled, in its transaction. */
  bookingsCancelled(tx: Tx, appointmentIds: string[]): Promise<void>;
  /** The occurrences a class cancellation cancelled, in its transaction: their waitlists are told (docs/product-rules.md#waitlist). */
  occurrencesCancelled?(tx: Tx, slotIds: number[]): Promise<void>;
  /** After a class cancellation committed: starts what it queued (refunds) now rather than at the next poll. */
  cancellationCommitted?(): void;
  /**
   * Occurrences added (a new timetable, one extended) or cancelled in `tx`: the provider's
   * connected calendar follows them (docs/product-rules.md#calendar-connections).
   */
  occurrencesChanged?(tx: Tx, providerId: string, slotIds: number[]): Promise<void>;
}

const isoWeekday = (w: (typeof WEEKDAYS)[number]) => (WEEKDAYS.indexOf(w) + 1) as IsoWeekday;

function ruleOf(r: Pick<RepeaterRow, 'startLocal' | 'timezone' | 'repeatEveryWeeks' | 'weekdays'>, durationMinutes: number): RepeaterRule {
  return {
    startLocal: r.startLocal,
    timeZone: r.timezone,
    repeatEveryWeeks: r.repeatEveryWeeks,
    weekdays: r.weekdays as IsoWeekday[],
    durationMinutes,
  };
}

/** A conflict as the provider reads it, in their own zone: 'Tue 24 Nov is time off.' */
function conflictMessage(c: OccurrenceConflict, timeZone: string): string {
  const day = (ms: number) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(ms);
  if (c.kind === 'holiday') return `${day(c.occurrence.startMs)} is a public holiday (${c.name}).`;
  if (c.kind === 'time_off') return `${day(c.occurrence.startMs)} is time off.`;
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    c.booking.startMs,
  );
  if (c.booking.clientName === null) return `Your calendar has an event at ${time} on ${day(c.booking.startMs)}.`;
  return `You have a booking with ${c.booking.clientName} at ${time} on ${day(c.booking.startMs)}.`;
}

/** Messages shown at most for one timetable; the rest are counted. */
const MAX_CONFLICT_MESSAGES = 5;

export function classesService(deps: ClassesDeps) {
  const { db, clock } = deps;

  /** The provider-local date up to which occurrences must exist (exclusive), under the provider's policy. */
  function horizonDate(provider: Pick<UserRow, 'timezone'>, policy: Pick<Policies, 'max_days_before_booking'>): string {
    return addDays(localDateOf(clock.now().getTime() + policy.max_days_before_booking * DAY_MS, provider.timezone), 1);
  }

  /** The provider's time off and the holidays they do not work, over the occurrences' years. */
  async function daysOff(provider: UserRow, occurrences: Occurrence[]): Promise<ProviderDays> {
    const offs = await deps.availability.timeOff(provider.id);
    const holidays: ProviderDays['holidays'][number][] = [];
    const [first, last] = [occurrences[0], occurrences.at(-1)];
    if (first && last) {
      const year = (o: Occurrence) => Number(o.localDate.slice(0, 4));
      for (let y = year(first); y <= year(last); y++)
        holidays.push(...(await deps.availability.holidays(provider, y)).filter((h) => !h.available));
    }
    return {
      timeZone: provider.timezone,
      timeOff: offs.map((t) => ({ from: `${t.from_date}T${t.from_time}`, until: `${t.until_date}T${t.until_time}` })),
      holidays,
    };
  }

  return {
    /**
     * POST /api/repeaters. Every occurrence it creates now (up to the booking horizon) must be free
     * of the provider's bookings, time off and holidays, or nothing is created (422 on start_at).
     */
    async createRepeater(provider: UserRow, input: z.output<typeof repeaterInput>) {
      const service = await findLiveService(db, input.service_id);
      if (!service || service.service.providerId !== provider.id) throw validationError({ service_id: ['Choose one of your classes.'] });
      if (service.service.type !== 'class')
        throw validationError({ service_id: ['Only classes can be scheduled; appointments follow your working hours.'] });

      const startLocal = `${input.start_at.slice(0, 10)} ${input.start_at.slice(11, 16)}`;
      const wall = parseLocalDateTime(startLocal);
      const first = slotInstantOfWall(zoneTimeline(provider.timezone, wall - 2 * DAY_MS, wall + 2 * DAY_MS), wall);
      if (first === null)
        throw validationError({ start_at: ['That time does not exist on that day (the clocks change). Choose another time.'] });
      if (first <= clock.now().getTime()) throw validationError({ start_at: ['Choose a start in the future.'] });

      const weekdays = input.repeat_every === null ? [] : [...new Set(input.weekdays.map(isoWeekday))].sort();
      const repeatEveryWeeks = input.repeat_every === null ? null : Number(input.repeat_every[0]);
      const everyWeeks = repeatEveryWeeks ?? 1;
      // Occurrences up to the booking horizon, and at least one full cycle so the timetable shows.
      const horizon = horizonDate(provider, await deps.availability.policy(provider.id));
      const cycleEnd = addDays(startLocal.slice(0, 10), 7 * everyWeeks + 1);
      const until = horizon > cycleEnd ? horizon : cycleEnd;

      const rule = ruleOf({ startLocal, timezone: provider.timezone, repeatEveryWeeks, weekdays }, service.service.durationMinutes);
      const occurrences = repeaterOccurrences(rule, startLocal.slice(0, 10), until);
      // Time off and holidays are read before the lock: only bookings race.
      const off = await daysOff(provider, occurrences);

      return db.transaction(async (tx) => {
        // Under the provider's lock no booking can take this time between the check and the insert.
        await lockProvider(tx, provider.id);
        const now = clock.now();
        const [first, last] = [occurrences[0], occurrences.at(-1)];
        const span = first && last ? ([new Date(first.startMs), new Date(last.endMs)] as const) : null;
        const bookings = span ? (await activeBookings(tx, provider.id, span[0], span[1], now)).filter((b) => b.slotId === null) : [];
        // Busy times of the provider's connected calendars, as the last sync stored them (D17).
        const calendar = span ? await storedBusyTimes(tx, provider.id, span[0], span[1]) : [];
        const conflicts = occurrenceConflicts(occurrences, off, [
          ...bookings.map((b) => ({ startMs: b.startsAt.getTime(), endMs: b.endsAt.getTime(), clientName: b.clientName })),
          ...calendar.map((c) => ({ startMs: c.startsAt.getTime(), endMs: c.endsAt.getTime(), clientName: null })),
        ]);
        if (conflicts.length > 0) {
          const messages = [...new Set(conflicts.map((c) => conflictMessage(c, provider.timezone)))];
          const shown = messages.slice(0, MAX_CONFLICT_MESSAGES);
          if (messages.length > shown.length) shown.push(`…and ${messages.length - shown.length} more.`);
          throw validationError({ start_at: shown });
        }
        const repeater = await insertRepeater(tx, {
          providerId: provider.id,
          serviceId: service.service.id,
          startLocal: `${startLocal}:00`,
          timezone: provider.timezone,
          repeatEveryWeeks,
          weekdays,
          materialisedUntil: until,
          createdAt: now,
        });
        const added = await insertOccurrences(
          tx,
          occurrences.map((o) => ({
            providerId: provider.id,
            serviceId: service.service.id,
            repeaterId: repeater.id,
            startsAt: new Date(o.startMs),
            endsAt: new Date(o.endMs),
            capacity: service.service.capacity,
          })),
        );
        await bumpProviderVersion(tx, provider.id);
        await deps.occurrencesChanged?.(tx, provider.id, added);
        return { id: repeater.id, service: { id: service.service.id, name: service.service.name }, occurrences: occurrences.length };
      });
    },

    /**
     * Materialises occurrences of the provider's timetables up to the booking horizon of `policy`,
     * the provider's (idempotent). The caller has read the policy already: booking and listing need it too.
     */
    async extendTimetables(provider: Pick<UserRow, 'id' | 'timezone'>, policy: Pick<Policies, 'max_days_before_booking'>): Promise<void> {
      const horizon = horizonDate(provider, policy);
      for (const r of await repeatersToExtend(db, provider.id, horizon)) {
        const service = await findLiveService(db, r.serviceId);
        if (!service) continue;
        const from = r.materialisedUntil ?? r.startLocal.slice(0, 10);
        const occurrences = repeaterOccurrences(ruleOf(r, service.service.durationMinutes), from, horizon);
        await db.transaction(async (tx) => {
          const added = await insertOccurrences(
            tx,
            occurrences.map((o) => ({
              providerId: r.providerId,
              serviceId: r.serviceId,
              repeaterId: r.id,
              startsAt: new Date(o.startMs),
              endsAt: new Date(o.endMs),
              capacity: service.service.capacity,
            })),
          );
          await setMaterialisedUntil(tx, r.id, horizon);
          await deps.occurrencesChanged?.(tx, r.providerId, added);
        });
      }
    },

    /** DELETE /api/slots/{id}: cancels one occurrence, or it and all later ones of its timetable. */
    async cancelSlot(provider: UserRow, slotId: number, upcoming: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const slot = await findSlotForUpdate(tx, slotId);
        if (!slot || slot.providerId !== provider.id) throw new AppError('not_found', 'Class not found.');
        const now = clock.now();
        if (slot.startsAt.getTime() <= now.getTime()) throw new AppError('conflict', 'This class has already started.');
        if (slot.cancelledAt && !upcoming) throw new AppError('conflict', 'This class is already cancelled.');
        let ids = [slot.id];
        if (upcoming && slot.repeaterId !== null) {
          ids = await laterOccurrenceIds(tx, slot.repeaterId, slot.startsAt);
          await endRepeater(tx, slot.repeaterId, now);
          await bumpProviderVersion(tx, provider.id);
        }
        await deps.bookingsCancelled(tx, await cancelOccurrences(tx, ids, provider.id, now));
        await deps.occurrencesCancelled?.(tx, ids);
        await deps.occurrencesChanged?.(tx, provider.id, ids);
      });
      deps.cancellationCommitted?.();
    },
  };
}
