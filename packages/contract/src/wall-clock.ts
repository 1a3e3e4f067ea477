import { z } from 'zod';

/** 'HH:MM', 00:00–23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'YYYY-MM-DD'. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const timeOfDay = z.string({ error: 'Please enter a time.' }).regex(TIME_PATTERN, 'Please enter a time as HH:MM.');
export const calendarDate = z
  .string({ error: 'Please choose a date.' })
  .regex(DATE_PATTERN, 'Please choose a date.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Please choose a valid date.');

export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Free time input normalised on blur (spec §5): non-digits and non-colons removed, hour clamped
 * 0–23, minute 0–59, empty parts 0, padded to two digits.
 */
export function normaliseTimeInput(raw: string): string {
  const cleaned = raw.replace(/[^\d:]/g, '');
  const [h = '', m = ''] = cleaned.split(':');
  const hour = Math.min(23, Math.max(0, Number(h.slice(0, 2) || 0)));
  const minute = Math.min(59, Math.max(0, Number(m.slice(0, 2) || 0)));
  return hhmm(hour * 60 + minute);
}
