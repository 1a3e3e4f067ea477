/**
 * What a clock in a given zone reads at an instant: the pieces a schedule card and its day
 * heading show. For one-off readings (a schedule page), not the engine's hot loop.
 */
import { DAY_MS, civilFromDays, formatDate, formatWallTime, monthAbbreviation, weekdayAbbreviationOfDay } from './civil-time.ts';
import type { MonthAbbreviation, WeekdayAbbreviation } from './types.ts';
import { offsetAt, zoneTimeline } from './zoned-time.ts';

export interface LocalReading {
  /** 'YYYY-MM-DD' */
  readonly date: string;
  /** 'HH:MM' */
  readonly time: string;
  readonly weekday: WeekdayAbbreviation;
  readonly day: number;
  readonly month: MonthAbbreviation;
}

export function localReading(ms: number, timeZone: string): LocalReading {
  const wall = ms + offsetAt(zoneTimeline(timeZone, ms - DAY_MS, ms + DAY_MS), ms);
  const dayNumber = Math.floor(wall / DAY_MS);
  const { month, day } = civilFromDays(dayNumber);
  return {
    date: formatDate(dayNumber),
    time: formatWallTime(wall),
    weekday: weekdayAbbreviationOfDay(dayNumber),
    day,
    month: monthAbbreviation(month),
  };
}
