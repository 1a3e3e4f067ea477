/**
 * Group classes (spec §2 Add a Class panel; DESIGN.md D3). A repeater produces occurrences that
 * are stored as slot rows up to the advance-booking horizon and extended as time passes, so
 * bookings, capacity and cancellations attach to real rows.
 */
import { ERROR_CODES, WEEKDAYS, type repeaterInput } from '@slotted/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addDays, localDateOf, repeaterOccurrences, type RepeaterRule } from '../../domain/classes/repeater-occurrences.ts';
import { parseLocalDateTime } from '../../domain/scheduling/civil-time.ts';
import { slotInstantOfWall, zoneTimeline } from '../../domain/scheduling/zoned-time.ts';
import type { IsoWeekday } from '../../domain/scheduling/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound, validationError } from '../../lib/http-error.ts';
import type { UserRow } from '../auth/sessions.queries.ts';
import { findLiveService } from '../services/services.queries.ts';
import {
  cancelOccurrences, endRepeater, findSlotForUpdate, insertOccurrences, insertRepeater, laterOccurrenceIds,
  repeatersToExtend, setMaterialisedUntil, type RepeaterRow,
} from './classes.queries.ts';

const DAY_MS = 86_400_000;

export interface ClassesDeps {
  db: Db;
  clock: Clock;
  /** The provider's advance-booking window in days (policy max_days_before_booking). */
  horizonDays(providerId: string): Promise<number>;
}

const isoWeekday = (w: (typeof WEEKDAYS)[number]) => (WEEKDAYS.indexOf(w) + 1) as IsoWeekday;

function ruleOf(r: RepeaterRow, durationMinutes: number): RepeaterRule {
  return { startLocal: r.startLocal, timeZone: r.timezone, repeatEveryWeeks: r.repeatEveryWeeks, weekdays: r.weekdays as IsoWeekday[], durationMinutes };
}

export function classesService(deps: ClassesDeps) {
  const { db, clock } = deps;

  /** The provider-local date up to which occurrences must exist (exclusive). */
  async function horizonDate(provider: Pick<UserRow, 'id' | 'timezone'>): Promise<string> {
    const days = await deps.horizonDays(provider.id);
    return addDays(localDateOf(clock.now().getTime() + days * DAY_MS, provider.timezone), 1);
  }

  return {
    async createRepeater(provider: UserRow, input: z.output<typeof repeaterInput>) {
      const service = await findLiveService(db, input.service_id);
      if (!service || service.service.providerId !== provider.id) throw validationError({ service_id: ['Choose one of your classes.'] });
      if (service.service.type !== 'class') throw validationError({ service_id: ['Only classes can be scheduled; appointments follow your working hours.'] });

      const startLocal = `${input.start_at.slice(0, 10)} ${input.start_at.slice(11, 16)}`;
      const wall = parseLocalDateTime(startLocal);
      const first = slotInstantOfWall(zoneTimeline(provider.timezone, wall - 2 * DAY_MS, wall + 2 * DAY_MS), wall);
      if (first === null) throw validationError({ start_at: ['That time does not exist on that day (the clocks change). Choose another time.'] });
      if (first <= clock.now().getTime()) throw validationError({ start_at: ['Choose a start in the future.'] });

      const weekdays = input.repeat_every === null ? [] : [...new Set(input.weekdays.map(isoWeekday))].sort();
      const repeatEveryWeeks = input.repeat_every === null ? null : Number(input.repeat_every[0]);
      const everyWeeks = repeatEveryWeeks ?? 1;
      // Occurrences up to the booking horizon, and at least one full cycle so the timetable shows.
      const horizon = await horizonDate(provider);
      const cycleEnd = addDays(startLocal.slice(0, 10), 7 * everyWeeks + 1);
      const until = horizon > cycleEnd ? horizon : cycleEnd;

      return db.transaction(async (tx) => {
        const repeater = await insertRepeater(tx, {
          providerId: provider.id,
          serviceId: service.service.id,
          startLocal: `${startLocal}:00`,
          timezone: provider.timezone,
          repeatEveryWeeks,
          weekdays,
          materialisedUntil: until,
          createdAt: clock.now(),
        });
        const occurrences = repeaterOccurrences(ruleOf(repeater, service.service.durationMinutes), startLocal.slice(0, 10), until);
        await insertOccurrences(tx, occurrences.map((o) => ({
          providerId: provider.id, serviceId: service.service.id, repeaterId: repeater.id,
          startsAt: new Date(o.startMs), endsAt: new Date(o.endMs), capacity: service.service.capacity,
        })));
        return { id: repeater.id, service: { id: service.service.id, name: service.service.name }, occurrences: occurrences.length };
      });
    },

    /** Materialises occurrences of the provider's timetables up to the booking horizon (idempotent). */
    async extendTimetables(provider: Pick<UserRow, 'id' | 'timezone'>): Promise<void> {
      const horizon = await horizonDate(provider);
      for (const r of await repeatersToExtend(db, provider.id, horizon)) {
        const service = await findLiveService(db, r.serviceId);
        if (!service) continue;
        const from = r.materialisedUntil ?? r.startLocal.slice(0, 10);
        const occurrences = repeaterOccurrences(ruleOf(r, service.service.durationMinutes), from, horizon);
        await db.transaction(async (tx) => {
          await insertOccurrences(tx, occurrences.map((o) => ({
            providerId: r.providerId, serviceId: r.serviceId, repeaterId: r.id,
            startsAt: new Date(o.startMs), endsAt: new Date(o.endMs), capacity: service.service.capacity,
          })));
          await setMaterialisedUntil(tx, r.id, horizon);
        });
      }
    },

    /** DELETE /api/slots/{id}: cancels one occurrence, or it and all later ones of its timetable. */
    async cancelSlot(provider: UserRow, slotId: number, upcoming: boolean): Promise<{ cancelledBookings: string[] }> {
      return db.transaction(async (tx) => {
        const slot = await findSlotForUpdate(tx, slotId);
        if (!slot || slot.providerId !== provider.id) throw notFound('Class not found.');
        const now = clock.now();
        if (slot.startsAt.getTime() <= now.getTime()) throw new HttpError(409, ERROR_CODES.conflict, 'This class has already started.');
        if (slot.cancelledAt && !upcoming) throw new HttpError(409, ERROR_CODES.conflict, 'This class is already cancelled.');
        let ids = [slot.id];
        if (upcoming && slot.repeaterId !== null) {
          ids = await laterOccurrenceIds(tx, slot.repeaterId, slot.startsAt);
          await endRepeater(tx, slot.repeaterId, now);
        }
        return { cancelledBookings: await cancelOccurrences(tx, ids, provider.id, now) };
      });
    },
  };
}
