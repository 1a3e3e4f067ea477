/**
 * GET /api/services/{id}/slots: the times a viewer may book (spec §2 Choose time; D1–D4). Loads
 * what the pure slot engine needs and asks it; the engine decides.
 */
import { SLOTS_WINDOW_MAX_DAYS, type Policies, type serviceSlotsQuery } from '@slotted/contract';
import type { z } from 'zod';
import { addDays, localDateOf } from '../../domain/classes/repeater-occurrences.ts';
import type { BookingPolicy, BusyInterval } from '../../domain/scheduling/index.ts';
import { getSlotPage, localDaysWindow } from '../../domain/scheduling/index.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/index.ts';
import type { availabilityService } from '../availability/availability.service.ts';
import type { classesService } from '../classes/classes.service.ts';
import { findProvider } from '../users/index.ts';
import { findLiveService } from '../services/services.queries.ts';
import { presentService } from '../services/services.service.ts';
import { activeBookings, liveOccurrences, slotIdsBookedBy } from './slots.queries.ts';

const DAY_MS = 86_400_000;
/**
 * The most slots in one answer. A month of half-hour slots, eight hours a day, is about 500; a
 * 1-minute service open around the clock would otherwise send 1,440 a day (issue 9).
 */
export const MAX_SLOTS_PER_ANSWER = 2000;

type Bookings = Awaited<ReturnType<typeof activeBookings>>;
type Occurrences = Awaited<ReturnType<typeof liveOccurrences>>;

/** One provider cannot be in two places: 1:1 bookings and every live class occurrence block time. */
export function busyTime(bookings: Bookings, occurrences: Occurrences): BusyInterval[] {
  return [
    ...bookings.filter((b) => b.slotId === null).map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() })),
    ...occurrences.map((o) => ({ start: o.startsAt.getTime(), end: o.endsAt.getTime() })),
  ];
}

/** The engine's policy input from the provider's policies. */
export function enginePolicy(policy: Policies): BookingPolicy {
  return { minNoticeMinutes: policy.min_hours_before_booking * 60, maxAdvanceDays: policy.max_days_before_booking };
}

export interface SlotsDeps {
  db: Db;
  clock: Clock;
  availability: ReturnType<typeof availabilityService>;
  classes: ReturnType<typeof classesService>;
}

export function slotsService(deps: SlotsDeps) {
  const { db, clock } = deps;

  return {
    /** One window of viewer-local days (by default from today, as long as allowed), at most MAX_SLOTS_PER_ANSWER slots. */
    async forService(serviceId: number, viewer: UserRow | null, query: z.output<typeof serviceSlotsQuery>) {
      const viewerTimeZone = query.timezone;
      const found = await findLiveService(db, serviceId);
      const provider = found && (await findProvider(db, { id: found.service.providerId }));
      if (!found || !provider) throw new AppError('not_found', 'Service not found.');
      const service = found.service;
      const policy = await deps.availability.policy(provider.id);
      // Class occurrences are listed, and block appointment times, only once they exist.
      await deps.classes.extendTimetables(provider);

      const now = clock.now();
      const today = localDateOf(now.getTime(), viewerTimeZone);
      const fromDate = query.from ?? today;
      const toDate = query.to ?? addDays(fromDate, SLOTS_WINDOW_MAX_DAYS - 1);
      const window = localDaysWindow(fromDate, toDate, viewerTimeZone);
      const horizon = now.getTime() + policy.max_days_before_booking * DAY_MS;
      // Only what can touch a slot of the window: a slot starts in it and lasts at most a day.
      const loadFrom = new Date(Math.max(now.getTime(), window.from));
      const loadTo = new Date(Math.max(loadFrom.getTime(), Math.min(window.to, horizon) + DAY_MS));
      const [bookings, occurrences, availability] = await Promise.all([
        activeBookings(db, provider.id, loadFrom, loadTo, now),
        liveOccurrences(db, provider.id, loadFrom, loadTo, now),
        deps.availability.forSlotEngine(provider, loadFrom.getUTCFullYear(), loadTo.getUTCFullYear()),
      ]);
      const own = occurrences.filter((o) => o.serviceId === service.id);
      const bookedByViewer = viewer ? await slotIdsBookedBy(db, viewer.id, own.map((o) => o.id), now) : new Set<number>();

      const page = getSlotPage({
        provider: availability,
        service: { type: service.type, durationMinutes: service.durationMinutes, capacity: service.capacity },
        busy: busyTime(bookings, occurrences),
        viewerBookings: viewer
          ? bookings.filter((b) => b.slotId === null && b.clientId === viewer.id && b.serviceId === service.id).map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }))
          : [],
        classOccurrences: own.map((o) => ({
          id: o.id, startsAt: o.startsAt.getTime(), endsAt: o.endsAt.getTime(), capacity: o.capacity, seatsTaken: o.seatsTaken,
          bookedByViewer: bookedByViewer.has(o.id), cancelled: false,
        })),
        policy: enginePolicy(policy),
        viewerTimeZone,
        now: now.getTime(),
        window,
      }, MAX_SLOTS_PER_ANSWER);
      const afterWindow = addDays(toDate, 1);
      const nextFrom = page.resumeDate ?? (window.to < horizon ? (afterWindow > today ? afterWindow : today) : null);
      return {
        data: page.days,
        meta: {
          timezone: viewerTimeZone, service: presentService(found, viewer?.id ?? null), max_days_before_booking: policy.max_days_before_booking,
          from: fromDate, to: toDate, next_from: nextFrom, has_more: nextFrom !== null,
        },
      };
    },
  };
}
