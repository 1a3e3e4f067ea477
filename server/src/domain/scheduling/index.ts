/**
 * The slot engine: which times of a service a viewer may book (docs/product-rules.md#availability).
 *
 * Pure: no I/O, no clock (`now` is an input), no imports from the app. Callers load the
 * provider's working hours, time off, holidays, busy time and class occurrences, then call
 * `getSlotDays` for the API's "days of slots", or `slotInstants` for the bare instants.
 */
import { appointmentSlotInstants } from './appointment-slots.ts';
import { classSlotInstants } from './class-slots.ts';
import { formatDate, parseDate } from './civil-time.ts';
import { groupSlotsByViewerDay } from './group-days.ts';
import type { DayOfSlots, SlotInstant, SlotQuery } from './types.ts';

export type * from './types.ts';
export { appointmentSlotInstants } from './appointment-slots.ts';
export { classSlotInstants } from './class-slots.ts';
export { groupSlotsByViewerDay } from './group-days.ts';
export { bookingWindow, type BookingWindow } from './booking-window.ts';
export { mergeIntervals, overlaps, IntervalCursor, type Interval } from './intervals.ts';
export {
  clearZoneTimelineCache,
  firstInstantAtOrAfterWall,
  instantToWall,
  localDaysWindow,
  offsetAt,
  resolveWall,
  slotInstantOfWall,
  zoneTimeline,
  type WallResolution,
  type ZoneTimeline,
} from './zoned-time.ts';

/** The service's slots as instants (appointment candidates or class occurrences), ascending. */
export function slotInstants(query: SlotQuery): SlotInstant[] {
  return query.service.type === 'class' ? classSlotInstants(query) : appointmentSlotInstants(query);
}

/** The service's slots for the viewer, grouped by the viewer's local date. */
export function getSlotDays(query: SlotQuery): DayOfSlots[] {
  return groupSlotsByViewerDay(slotInstants(query), query.viewerTimeZone);
}

/** A page of days of slots: see `getSlotPage`. */
export interface SlotPage {
  readonly days: DayOfSlots[];
  /**
   * The viewer-local date the next page starts at when `maxSlots` cut this one short, else null.
   * The days listed are complete, except when a single day alone has more than `maxSlots` slots:
   * then it holds its first `maxSlots`, and the next page starts the day after.
   */
  readonly resumeDate: string | null;
}

/**
 * Like `getSlotDays`, but with at most `maxSlots` slots, cut at a whole viewer day, so no answer
 * grows with the provider's calendar (a 1-minute service open around the clock has 1,440 slots
 * a day). The engine stops producing slots once it has one more than fits.
 */
export function getSlotPage(query: SlotQuery, maxSlots: number): SlotPage {
  if (!(Number.isInteger(maxSlots) && maxSlots > 0)) throw new RangeError(`maxSlots must be a whole number above 0, got ${maxSlots}`);
  const instants = slotInstants({ ...query, limit: maxSlots + 1 });
  if (instants.length <= maxSlots) return { days: groupSlotsByViewerDay(instants, query.viewerTimeZone), resumeDate: null };

  // The first slot left out decides where the next page starts; its day is incomplete here.
  const leftOut = instants.pop();
  const leftOutDay = leftOut && groupSlotsByViewerDay([leftOut], query.viewerTimeZone)[0];
  if (!leftOutDay) throw new Error('There are more than maxSlots instants, so one is left out, and it has a day');
  const firstLeftOut = leftOutDay.date;
  const days = groupSlotsByViewerDay(instants, query.viewerTimeZone);
  const complete = days.filter((d) => d.date < firstLeftOut);
  if (complete.length > 0) return { days: complete, resumeDate: firstLeftOut };
  return { days: days.filter((d) => d.date === firstLeftOut), resumeDate: formatDate(parseDate(firstLeftOut) + 1) };
}
