import { fieldErrors, hhmm, minutesOfDay, TIME_PATTERN, workDaysInput } from '@slotted/contract';
import type { WorkDayInput } from '../api/work-days.ts';

const LAST_MINUTE = 23 * 60 + 59;

/**
 * Spec §4 "Working hours": changing From so that it is not before To moves To one hour later
 * (capped at 23:59).
 */
export function applyFromChange(day: WorkDayInput, from: string): WorkDayInput {
  if (!TIME_PATTERN.test(from) || !TIME_PATTERN.test(day.to) || minutesOfDay(from) < minutesOfDay(day.to)) {
    return { ...day, from };
  }
  return { ...day, from, to: hhmm(Math.min(minutesOfDay(from) + 60, LAST_MINUTE)) };
}

/** The week checked with the contract's rules (To after From, …): messages keyed like the server's, `data.{i}.to`. */
export function workWeekErrors(days: WorkDayInput[]): Record<string, string> {
  const parsed = workDaysInput.safeParse({ data: days });
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors(parsed.error.issues))) out[key] = messages[0];
  return out;
}
