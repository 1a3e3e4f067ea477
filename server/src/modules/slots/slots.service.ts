/**
 * GET /api/services/{id}/slots: the times a viewer may book (docs/product-rules.md#availability).
 * Loads what the pure slot engine needs and asks it; the engine decides.
 */
import { SLOTS_WINDOW_MAX_DAYS, type serviceSlotsQuery } from '@slotted/contract';
import type { z } from 'zod';
import { addDays, localDateOf } from '../../domain/classes/repeater-occurrences.ts';
import { getSlotPage, localDaysWindow } from '../../domain/scheduling/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentService } from '../services/index.ts';
import type { UserRow } from '../users/index.ts';
import { busyTime, enginePolicy, engineInput, type EngineInputDeps } from './engine-input.ts';
import { slotIdsBookedBy } from './slots.queries.ts';

const DAY_MS = 86_400_000;
/**
 * The most slots in one answer. A month of half-hour slots, eight hours a day, is about 500; a
 * 1-minute service open around the clock would otherwise send 1,440 a day (issue 9).
 */
export const MAX_SLOTS_PER_ANSWER = 2000;

export interface SlotsDeps extends EngineInputDeps {
  clock: Clock;
}

export function slotsService(deps: SlotsDeps) {
  const { db, clock } = deps;
  const input = engineInput(deps);

  return {
    /** One window of viewer-local days (by default from today, as long as allowed), at most MAX_SLOTS_PER_ANSWER slots. */
    async forService(serviceId: number, viewer: UserRow | null, query: z.output<typeof serviceSlotsQuery>) {
      const viewerTimeZone = query.timezone;
      const bookable = await input.bookable(serviceId);
      if (!bookable) throw new AppError('not_found', 'Service not found.');
      const { found, provider, policy } = bookable;
      const service = found.service;

      const now = clock.now();
      const today = localDateOf(now.getTime(), viewerTimeZone);
      const fromDate = query.from ?? today;
      const toDate = query.to ?? addDays(fromDate, SLOTS_WINDOW_MAX_DAYS - 1);
      const window = localDaysWindow(fromDate, toDate, viewerTimeZone);
      const horizon = now.getTime() + policy.max_days_before_booking * DAY_MS;
      // Only what can touch a slot of the window: a slot starts in it and lasts at most a day.
      const loadFrom = new Date(Math.max(now.getTime(), window.from));
      const loadTo = new Date(Math.max(loadFrom.getTime(), Math.min(window.to, horizon) + DAY_MS));
      const [{ bookings, occurrences, busy }, availability] = await Promise.all([
        busyTime(db, provider.id, loadFrom, loadTo, now),
        input.hours(provider, loadFrom, loadTo),
      ]);
      const own = occurrences.filter((o) => o.serviceId === service.id);
      const bookedByViewer = viewer
        ? await slotIdsBookedBy(
            db,
            viewer.id,
            own.map((o) => o.id),
            now,
          )
        : new Set<number>();

      const page = getSlotPage(
        {
          provider: availability,
          service: { type: service.type, durationMinutes: service.durationMinutes, capacity: service.capacity },
          busy,
          viewerBookings: viewer
            ? bookings
                .filter((b) => b.slotId === null && b.clientId === viewer.id && b.serviceId === service.id)
                .map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }))
            : [],
          classOccurrences: own.map((o) => ({
            id: o.id,
            startsAt: o.startsAt.getTime(),
            endsAt: o.endsAt.getTime(),
            capacity: o.capacity,
            seatsTaken: o.seatsTaken,
            bookedByViewer: bookedByViewer.has(o.id),
            cancelled: false,
          })),
          policy: enginePolicy(policy),
          viewerTimeZone,
          now: now.getTime(),
          window,
        },
        MAX_SLOTS_PER_ANSWER,
      );
      const afterWindow = addDays(toDate, 1);
      const nextFrom = page.resumeDate ?? (window.to < horizon ? (afterWindow > today ? afterWindow : today) : null);
      return {
        data: page.days,
        meta: {
          timezone: viewerTimeZone,
          service: presentService(found, viewer?.id ?? null),
          max_days_before_booking: policy.max_days_before_booking,
          from: fromDate,
          to: toDate,
          next_from: nextFrom,
          has_more: nextFrom !== null,
        },
      };
    },
  };
}
