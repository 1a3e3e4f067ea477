/**
 * GET /api/profile/{username}/timetable: a provider's classes day by day with the places left, as
 * studios show them (docs/product-rules.md#public-profile). A public read like the profile and the
 * slots: its answer carries an ETag (the public cache), the places are counted fresh.
 */
import type { ProfileTimetableResponse, profileTimetableQuery, TimetableClass, TimetableDay } from '@slotted/contract';
import type { z } from 'zod';
import { addDays, localDateOf } from '../../domain/classes/repeater-occurrences.ts';
import { civilFromDays, monthAbbreviation, parseDate, weekdayAbbreviationOfDay } from '../../domain/scheduling/civil-time.ts';
import { localDaysWindow } from '../../domain/scheduling/index.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { listProviderServices } from '../services/index.ts';
import { findProvider } from '../users/index.ts';
import type { EngineInputDeps } from './engine-input.ts';
import { liveOccurrences } from './slots.queries.ts';

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;

function emptyDay(date: string): TimetableDay {
  const dayNumber = parseDate(date);
  const { month, day } = civilFromDays(dayNumber);
  return { date, weekday: weekdayAbbreviationOfDay(dayNumber), day, month: monthAbbreviation(month), classes: [] };
}

export function timetableService(deps: EngineInputDeps & { clock: Clock }) {
  const { db, clock } = deps;
  /** The quarter hour each provider's timetables were last extended in (as the slots read does). */
  const extendedIn = new Map<string, number>();

  return {
    async forProvider(username: string, query: z.output<typeof profileTimetableQuery>): Promise<ProfileTimetableResponse> {
      const provider = await findProvider(db, { username });
      if (!provider) throw new AppError('not_found', 'There is no provider at this address.');
      const now = clock.now();
      const nowMs = now.getTime();
      const quarterHour = Math.floor(nowMs / QUARTER_HOUR_MS);
      const [policy, classServices] = await Promise.all([
        deps.availability.policy(provider.id),
        listProviderServices(db, provider.id, 'class'),
      ]);
      if (extendedIn.get(provider.id) !== quarterHour) {
        await deps.classes.extendTimetables(provider, policy);
        extendedIn.set(provider.id, quarterHour);
      }
      const tz = query.timezone;
      const fromDate = query.from ?? localDateOf(nowMs, tz);
      const toDate = addDays(fromDate, query.days - 1);
      const window = localDaysWindow(fromDate, toDate, tz);
      const services = new Map(classServices.map((row) => [row.service.id, row.service]));
      // Classes still to start: one under way or over cannot be booked any more.
      const occurrences =
        window.to > nowMs ? await liveOccurrences(db, provider.id, new Date(Math.max(nowMs, window.from)), new Date(window.to), now) : [];
      const opensAt = nowMs + policy.min_hours_before_booking * 3_600_000;
      const horizon = nowMs + policy.max_days_before_booking * DAY_MS;

      const days = new Map<string, TimetableDay>();
      for (let date = fromDate; date <= toDate; date = addDays(date, 1)) days.set(date, emptyDay(date));
      for (const o of occurrences.toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)) {
        const service = services.get(o.serviceId);
        const startMs = o.startsAt.getTime();
        if (!service || startMs < nowMs) continue;
        const start = localReading(startMs, tz);
        const day = days.get(start.date);
        if (!day) continue;
        const placesLeft = Math.max(0, o.capacity - o.seatsTaken);
        const entry: TimetableClass = {
          slot_id: String(o.id),
          service: { id: service.id, name: service.name, duration: service.durationMinutes, location: service.location },
          date: start.date,
          time: start.time,
          until: localReading(o.endsAt.getTime(), tz).time,
          starts_at: o.startsAt.toISOString(),
          ends_at: o.endsAt.toISOString(),
          capacity: o.capacity,
          places_left: placesLeft,
          bookable: placesLeft > 0 && startMs >= opensAt && startMs < horizon,
        };
        day.classes.push(entry);
      }
      return {
        data: [...days.values()],
        meta: { timezone: tz, from: fromDate, to: toDate, next_from: window.to < horizon ? addDays(toDate, 1) : null },
      };
    },
  };
}
