import { hhmm, minutesOfDay, TIME_PATTERN } from '@slotted/contract';
import type { WorkDayInput } from '../api/work-days.ts';

const LAST_MINUTE = 23 * 60 + 59;

/**
 * Working hours (docs/product-rules.md#availability-and-policies): changing From so that it is not
 * before To moves To one hour later (capped at 23:59).
 */
export function applyFromChange(day: WorkDayInput, from: string): WorkDayInput {
  if (!TIME_PATTERN.test(from) || !TIME_PATTERN.test(day.to) || minutesOfDay(from) < minutesOfDay(day.to)) {
    return { ...day, from };
  }
  return { ...day, from, to: hhmm(Math.min(minutesOfDay(from) + 60, LAST_MINUTE)) };
}
