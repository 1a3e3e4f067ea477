/**
 * The slot engine: which times of a service a viewer may book (DESIGN.md D1–D3).
 *
 * Pure: no I/O, no clock (`now` is an input), no imports from the app. Callers load the
 * provider's working hours, time off, holidays, busy time and class occurrences, then call
 * `getSlotDays` for the spec's "days of slots", or `slotInstants` for the bare instants.
 */
import { appointmentSlotInstants } from './appointment-slots.ts';
import { classSlotInstants } from './class-slots.ts';
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

/** The service's slots for the viewer, grouped by the viewer's local date (spec §3 "Day of slots"). */
export function getSlotDays(query: SlotQuery): DayOfSlots[] {
  return groupSlotsByViewerDay(slotInstants(query), query.viewerTimeZone);
}
