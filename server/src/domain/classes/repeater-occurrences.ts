/**
 * Class timetables (docs/product-rules.md#classes): which occurrences a repeater produces between
 * two provider-local dates. Pure. A 09:00 class stays at 09:00 wall-clock across daylight-saving
 * changes; a start that does not exist that day (spring-forward gap) has no occurrence, and a
 * repeated one (fall-back) is the earlier instant (docs/product-rules.md#time-and-time-zones).
 */
import { civilFromDays, DAY_MS, isoWeekdayOfDay, MINUTE_MS, parseDate, parseTime } from '../scheduling/civil-time.ts';
import type { IsoWeekday } from '../scheduling/types.ts';
import { offsetAt, slotInstantOfWall, zoneTimeline } from '../scheduling/zoned-time.ts';

export interface RepeaterRule {
  /** First start, provider wall clock 'YYYY-MM-DD HH:MM' (or with 'T'). */
  readonly startLocal: string;
  readonly timeZone: string;
  /** null: one occurrence only. */
  readonly repeatEveryWeeks: number | null;
  /** ISO weekdays it repeats on (ignored when it does not repeat). */
  readonly weekdays: readonly IsoWeekday[];
  readonly durationMinutes: number;
}

export interface Occurrence {
  readonly startMs: number;
  readonly endMs: number;
  /** Provider-local date 'YYYY-MM-DD'. */
  readonly localDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (dayNumber: number) => {
  const c = civilFromDays(dayNumber);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
};

/** Occurrences on provider-local dates in [fromDate, untilDate), ascending. */
export function repeaterOccurrences(rule: RepeaterRule, fromDate: string, untilDate: string): Occurrence[] {
  const startDay = parseDate(rule.startLocal.slice(0, 10));
  const minuteOfDay = parseTime(rule.startLocal.slice(11, 16));
  const from = Math.max(startDay, parseDate(fromDate));
  const until = parseDate(untilDate);
  if (from >= until) return [];
  const timeline = zoneTimeline(rule.timeZone, (from - 2) * DAY_MS, (until + 2) * DAY_MS);
  const durationMs = rule.durationMinutes * MINUTE_MS;
  const out: Occurrence[] = [];
  const add = (day: number) => {
    const start = slotInstantOfWall(timeline, day * DAY_MS + minuteOfDay * MINUTE_MS);
    if (start !== null) out.push({ startMs: start, endMs: start + durationMs, localDate: dateOf(day) });
  };

  if (rule.repeatEveryWeeks === null) {
    if (startDay >= from && startDay < until) add(startDay);
    return out;
  }
  // Weeks are counted from the Monday of the first start's week: every Nth week is on.
  const firstMonday = startDay - (isoWeekdayOfDay(startDay) - 1);
  const days = new Set(rule.weekdays);
  for (let day = from; day < until; day++) {
    if (!days.has(isoWeekdayOfDay(day))) continue;
    if (Math.floor((day - firstMonday) / 7) % rule.repeatEveryWeeks !== 0) continue;
    add(day);
  }
  return out;
}

/** The provider-local date of an instant. */
export function localDateOf(ms: number, timeZone: string): string {
  const timeline = zoneTimeline(timeZone, ms - DAY_MS, ms + DAY_MS);
  return dateOf(Math.floor((ms + offsetAt(timeline, ms)) / DAY_MS));
}

/** The date `days` days after a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return dateOf(parseDate(date) + days);
}
