import { z } from 'zod';
import { DATE_PATTERN, TIME_PATTERN } from './constants.ts';

/**
 * The years any date or instant of the API may fall in. Bookings, time off and timetables live
 * in the near past and future; far-off years only ever come from mistakes or attacks, and
 * outside this range date arithmetic (a slot's end, a zone's offsets) stops being safe.
 */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;
const yearRangeMessage = `Please choose a date between ${YEAR_MIN} and ${YEAR_MAX}.`;

export const timeOfDay = z.string({ error: 'Please enter a time.' }).regex(TIME_PATTERN, 'Please enter a time as HH:MM.');

/** A real calendar day ('YYYY-MM-DD', so no 30 February), in YEAR_MIN–YEAR_MAX. */
export function isCalendarDate(d: string): boolean {
  return DATE_PATTERN.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
}
const inYearRange = (d: string) => Number(d.slice(0, 4)) >= YEAR_MIN && Number(d.slice(0, 4)) <= YEAR_MAX;

export const calendarDate = z
  .string({ error: 'Please choose a date.' })
  .regex(DATE_PATTERN, 'Please choose a date.')
  .refine((d) => !DATE_PATTERN.test(d) || isCalendarDate(d), 'Please choose a valid date.')
  .refine((d) => !DATE_PATTERN.test(d) || inYearRange(d), yearRangeMessage);

/** An ISO 8601 instant with `Z` or an offset ('2026-11-23T09:00:00Z'), in YEAR_MIN–YEAR_MAX (UTC). */
export const instant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((s) => {
    const ms = Date.parse(s);
    return Number.isNaN(ms) || inYearRange(new Date(ms).toISOString().slice(0, 4));
  }, yearRangeMessage);

export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Free time input normalised on blur (docs/product-rules.md#limits-and-validation): non-digits and
 * non-colons removed, hour clamped 0–23, minute 0–59, empty parts 0, padded to two digits.
 */
export function normaliseTimeInput(raw: string): string {
  const cleaned = raw.replace(/[^\d:]/g, '');
  const [h = '', m = ''] = cleaned.split(':');
  const hour = Math.min(23, Math.max(0, Number(h.slice(0, 2) || 0)));
  const minute = Math.min(59, Math.max(0, Number(m.slice(0, 2) || 0)));
  return hhmm(hour * 60 + minute);
}
