/** Display formatting (docs/product-rules.md#limits-and-validation). */
import { currentZoneName } from './time-zones.ts';

/** '€' plus two decimals; '-' if the value is not a number. */
export function formatMoney(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') value = Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return `€${value.toFixed(2)}`;
}

const LOCALE = 'en-US';

/** The browser's IANA time zone (e.g. 'Europe/Madrid'), under its current name. */
export function browserTimeZone(): string {
  try {
    return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Today's calendar date ('YYYY-MM-DD') in a time zone. */
export function todayIn(timeZone: string = browserTimeZone(), now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** Day of the month (1–31) today in a time zone. */
export function dayOfMonthIn(timeZone?: string, now: Date = new Date()): number {
  return Number(todayIn(timeZone, now).slice(8, 10));
}

/** A 'YYYY-MM-DD' date as a Date at noon UTC, so formatting it in UTC never shifts the day. */
function civil(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = civil(date);
  if (!d) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'Monday, November 23, 2026'. */
export function formatLongDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Nov 23'. */
export function formatShortDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', month: 'short', day: 'numeric' });
}

/** 'Monday'. */
export function formatWeekday(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', weekday: 'long' });
}

/**
 * A schedule day heading reads Today, Tomorrow or the weekday name; today and tomorrow also show
 * the full date, other days the short month and day (docs/product-rules.md#schedule).
 */
export function dayHeading(date: string, today: string): { title: string; subtitle: string } {
  if (date === today) return { title: 'Today', subtitle: formatLongDate(date) };
  if (date === addDays(today, 1)) return { title: 'Tomorrow', subtitle: formatLongDate(date) };
  return { title: formatWeekday(date), subtitle: formatShortDate(date) };
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : time;
}

/** 'Dec 15, 2026'. */
export function formatMediumDate(date: string): string {
  const d = civil(date);
  if (!d) return date;
  return d.toLocaleDateString(LOCALE, { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}
