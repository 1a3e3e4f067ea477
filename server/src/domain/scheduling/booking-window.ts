/**
 * The span of instants in which a slot may start: at least the policy's notice after `now`, less
 * than its advance limit after `now` (docs/product-rules.md#availability), and inside the caller's
 * optional window.
 */
import { DAY_MS, MINUTE_MS, parseInstant } from './civil-time.ts';
import type { SlotQuery } from './types.ts';

/** Half-open [fromMs, toMs) of allowed slot starts; empty when fromMs >= toMs. */
export interface BookingWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** Refuse spans that would only come from a mistake (ten years of slots at once). */
const MAX_SPAN_MS = 3660 * DAY_MS;

export function bookingWindow(query: Pick<SlotQuery, 'now' | 'policy' | 'window'>): BookingWindow {
  const { minNoticeMinutes, maxAdvanceDays } = query.policy;
  if (!(Number.isFinite(minNoticeMinutes) && minNoticeMinutes >= 0)) {
    throw new RangeError(`minNoticeMinutes must be a finite number >= 0, got ${minNoticeMinutes}`);
  }
  if (!(Number.isFinite(maxAdvanceDays) && maxAdvanceDays >= 0)) {
    throw new RangeError(`maxAdvanceDays must be a finite number >= 0, got ${maxAdvanceDays}`);
  }
  const now = parseInstant(query.now);
  let fromMs = now + minNoticeMinutes * MINUTE_MS;
  let toMs = now + maxAdvanceDays * DAY_MS;
  if (query.window) {
    fromMs = Math.max(fromMs, parseInstant(query.window.from));
    toMs = Math.min(toMs, parseInstant(query.window.to));
  }
  if (toMs - fromMs > MAX_SPAN_MS) throw new RangeError('The requested span of slots is longer than ten years');
  return { fromMs, toMs };
}
