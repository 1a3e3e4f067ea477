/** Labels of the Insights page, built on web/src/lib/format.ts (a week, an axis day, a fill rate). */
import { formatShortDate, formatWeekday } from '../../../lib/format.ts';

/** 'Week of 23 Nov' for the Monday '2026-11-23'. */
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
