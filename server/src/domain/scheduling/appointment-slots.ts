/**
 * 1:1 appointment candidates (docs/product-rules.md#availability).
 *
 * For each provider-local working day, candidate starts run from `from` in steps of `step`
 * minutes of wall-clock time while the service still ends by `to`. A candidate is listed when
 * it starts inside the booking window (notice, advance limit, caller's window) and does not
 * touch time off or fall on a holiday. A listed candidate is
 *   - `booked_by_you` when the viewer holds a booking of exactly that start and end,
 *   - else `taken` when it overlaps (half-open) any busy interval,
 *   - else `available`.
 *
 * Speed: Temporal is used only to build the zone's offset timeline once. A day whose offset
 * does not change (all but a few a year) is pure integer arithmetic; on a day with a transition
 * every candidate is resolved on its own (gap → no slot, overlap → earlier instant). Busy time
 * and time off are merged once and swept with forward-moving cursors.
 */
import { bookingWindow } from './booking-window.ts';
import { DAY_MS, MINUTE_MS, isoWeekdayOfDay, parseDate, parseInstant, parseLocalDateTime, parseTime } from './civil-time.ts';
import { IntervalCursor, mergeIntervals, type Interval } from './intervals.ts';
import type { SlotInstant, SlotQuery, SlotStatus, WorkDay } from './types.ts';
import {
  firstInstantAtOrAfterWall,
  offsetAt,
  resolveWall,
  segmentAt,
  segmentEnd,
  segmentOffset,
  slotInstantOfWall,
  zoneTimeline,
  type ZoneTimeline,
} from './zoned-time.ts';

/** Working hours as minutes after midnight, indexed by ISO weekday (index 0 unused). */
type WeeklyMinutes = ReadonlyArray<{ readonly from: number; readonly to: number } | null>;

export function parseWorkingHours(rows: readonly WorkDay[]): WeeklyMinutes {
  const week: Array<{ from: number; to: number } | null> = [null, null, null, null, null, null, null, null];
  const seen = new Set<number>();
  for (const row of rows) {
    if (!Number.isInteger(row.weekday) || row.weekday < 1 || row.weekday > 7) {
      throw new RangeError(`Invalid ISO weekday: ${row.weekday}`);
    }
    if (seen.has(row.weekday)) throw new RangeError(`Weekday ${row.weekday} is given twice`);
    seen.add(row.weekday);
    const from = parseTime(row.from);
    const to = parseTime(row.to);
    if (from >= to) throw new RangeError(`Working hours of weekday ${row.weekday}: from (${row.from}) must be before to (${row.to})`);
    if (row.available) week[row.weekday] = { from, to };
  }
  return week;
}

function positiveWholeMinutes(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0 || value > 1440) {
    throw new RangeError(`${name} must be a whole number of minutes from 1 to 1440, got ${value}`);
  }
  return value;
}

/**
 * Time off in wall-clock → instants. Ambiguous or skipped edges widen the period (earliest
 * start, latest end). Periods are first clipped to the wall-clock span [minWall, maxWall], which
 * must reach at least a day beyond every candidate's day, so far-away periods cost nothing.
 */
function timeOffIntervals(query: SlotQuery, timeline: ZoneTimeline, minWall: number, maxWall: number): Interval[] {
  const intervals: Interval[] = [];
  for (const off of query.provider.timeOff ?? []) {
    const fromWall = parseLocalDateTime(off.from);
    const untilWall = parseLocalDateTime(off.until);
    if (fromWall >= untilWall) throw new RangeError(`Time off must end after it starts: ${off.from} .. ${off.until}`);
    if (untilWall <= minWall || fromWall >= maxWall) continue;
    intervals.push({
      start: resolveWall(timeline, Math.max(fromWall, minWall)).earlier,
      end: resolveWall(timeline, Math.min(untilWall, maxWall)).later,
    });
  }
  return mergeIntervals(intervals);
}

/** The viewer's own bookings by start instant → their end instants. */
function viewerBookingsByStart(query: SlotQuery): Map<number, number[]> {
  const byStart = new Map<number, number[]>();
  for (const b of query.viewerBookings ?? []) {
    const start = parseInstant(b.start);
    const ends = byStart.get(start);
    if (ends) ends.push(parseInstant(b.end));
    else byStart.set(start, [parseInstant(b.end)]);
  }
  return byStart;
}

/**
 * The appointment candidates of `query` as instants, ascending by start, without duplicates.
 * This is the engine's hot path; `groupSlotsByViewerDay` turns its result into days of slots.
 */
export function appointmentSlotInstants(query: SlotQuery): SlotInstant[] {
  const durationMs = positiveWholeMinutes(query.service.durationMinutes, 'durationMinutes') * MINUTE_MS;
  const stepMs = positiveWholeMinutes(query.stepMinutes ?? query.service.durationMinutes, 'stepMinutes') * MINUTE_MS;
  const week = parseWorkingHours(query.provider.workingHours);
  const { fromMs: windowFrom, toMs: windowTo } = bookingWindow(query);
  const out: SlotInstant[] = [];
  if (windowFrom >= windowTo || !week.some((d) => d !== null)) return out;

  const timeline = zoneTimeline(query.provider.timeZone, windowFrom - 7 * DAY_MS, windowTo + 7 * DAY_MS);
  // One provider-local day either side: in a fall-back overlap a day's earlier instants can
  // precede the local date of the window's start (and the window's end likewise).
  const firstDay = Math.floor((windowFrom + offsetAt(timeline, windowFrom)) / DAY_MS) - 1;
  const lastDay = Math.floor((windowTo + offsetAt(timeline, windowTo)) / DAY_MS) + 1;

  const holidays = new Set((query.provider.holidays ?? []).map(parseDate));
  const timeOff = new IntervalCursor(timeOffIntervals(query, timeline, (firstDay - 2) * DAY_MS, (lastDay + 3) * DAY_MS));
  const busy = new IntervalCursor(
    mergeIntervals((query.busy ?? []).map((b) => ({ start: parseInstant(b.start), end: parseInstant(b.end) }))),
  );
  const mine = viewerBookingsByStart(query);
  const checkMine = mine.size > 0;

  const consider = (start: number): void => {
    if (start < windowFrom || start >= windowTo) return;
    const end = start + durationMs;
    if (timeOff.overlaps(start, end)) return;
    let status: SlotStatus;
    if (checkMine && mine.get(start)?.includes(end)) status = 'booked_by_you';
    else status = busy.overlaps(start, end) ? 'taken' : 'available';
    out.push({ id: null, startMs: start, endMs: end, status });
  };

  let segment = segmentAt(timeline, firstDay * DAY_MS - DAY_MS);
  const limit = query.limit ?? Infinity;

  for (let day = firstDay; day <= lastDay && out.length < limit; day++) {
    const hours = week[isoWeekdayOfDay(day)];
    if (!hours || holidays.has(day)) continue;
    const midnightWall = day * DAY_MS;
    // Every instant of this local day lies within [midnight - 1 day, midnight + 2 days] (offsets stay within ±24 h).
    while (segmentEnd(timeline, segment) <= midnightWall - DAY_MS) segment++;
    const fromWall = midnightWall + hours.from * MINUTE_MS;
    const toWall = midnightWall + hours.to * MINUTE_MS;
    const constantOffset = segmentEnd(timeline, segment) > midnightWall + 2 * DAY_MS;
    if (constantOffset) {
      const offset = segmentOffset(timeline, segment);
      const lastStart = toWall - offset - durationMs;
      for (let start = fromWall - offset; start <= lastStart; start += stepMs) consider(start);
    } else {
      // The offset changes near this day: resolve each candidate on its own.
      const toInstant = firstInstantAtOrAfterWall(timeline, toWall);
      for (let wall = fromWall; wall < toWall; wall += stepMs) {
        const start = slotInstantOfWall(timeline, wall);
        if (start !== null && start + durationMs <= toInstant) consider(start);
      }
    }
  }
  // Days are visited in order, so the first `limit` candidates are the earliest.
  if (out.length > limit) out.length = limit;
  return out;
}
