/**
 * Labels of the Insights page that web/src/lib/format.ts has no helper for yet (a month, a week,
 * a fill rate, a zone's everyday name); dates themselves go through format.ts.
 */
import { formatShortDate, formatWeekday } from '../../../lib/format.ts';

const LOCALE = 'en-US';

/** 'Nov 2026' for '2026-11'. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)).toLocaleDateString(LOCALE, {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  });
}

/** 'Week of Nov 23' for the Monday '2026-11-23'. */
export function formatWeek(monday: string): string {
  return `Week of ${formatShortDate(monday)}`;
}

/** 'Mon': an axis label that fits seven to a phone's width. */
export function formatWeekdayShort(date: string): string {
  return formatWeekday(date).slice(0, 3);
}

/** Booked places as a whole percentage of the places offered; null when none were offered. */
export function fillRate(booked: number, capacity: number): number | null {
  return capacity > 0 ? Math.round((booked / capacity) * 100) : null;
}

/** 'Eastern Time' for 'America/New_York'; the zone's id where the browser has no such name. */
export function zoneLabel(timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
