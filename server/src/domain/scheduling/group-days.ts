/**
 * Slots as "days of slots", grouped by the VIEWER's local date
 * (docs/product-rules.md#time-and-time-zones).
 *
 * The viewer zone's offsets come from one timeline; slots arrive sorted by start, so a cursor
 * walks the (few) transitions once. `time` is the viewer's wall clock at the start, `until` at
 * the end — read with the offset at the end, which differs when a change falls inside the slot.
 */
import { Temporal } from 'temporal-polyfill';
import {
  DAY_MS,
  UtcFormatter,
  civilFromDays,
  formatDate,
  formatWallTime,
  monthAbbreviation,
  weekdayAbbreviationOfDay,
} from './civil-time.ts';
import type { DayOfSlots, Slot, SlotInstant } from './types.ts';
import { offsetAt, segmentEnd, segmentOffset, zoneTimeline } from './zoned-time.ts';

function compareSlots(a: SlotInstant, b: SlotInstant): number {
  if (a.startMs !== b.startMs) return a.startMs - b.startMs;
  const ai = a.id ?? '';
  const bi = b.id ?? '';
  return ai < bi ? -1 : ai > bi ? 1 : 0;
}

function newDay(dayNumber: number): DayOfSlots {
  const { month, day } = civilFromDays(dayNumber);
  return {
    date: formatDate(dayNumber),
    weekday: weekdayAbbreviationOfDay(dayNumber),
    day,
    month: monthAbbreviation(month),
    slots: [],
  };
}

/**
 * Groups slots by the viewer's local date: days ascending, slots ascending by start instant
 * (then id). Duplicate ids are dropped (the first kept). An appointment slot (id null) gets its
 * UTC start as id.
 */
export function groupSlotsByViewerDay(slots: readonly SlotInstant[], viewerTimeZone: string): DayOfSlots[] {
  if (slots.length === 0) {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(viewerTimeZone); // still reject an unknown zone
    return [];
  }
  let sorted = slots;
  let previous: SlotInstant | undefined;
  for (const slot of slots) {
    if (previous && compareSlots(previous, slot) > 0) {
      sorted = [...slots].sort(compareSlots);
      break;
    }
    previous = slot;
  }
  let maxEnd = -Infinity;
  for (const s of sorted) if (s.endMs > maxEnd) maxEnd = s.endMs;
  const earliest = sorted[0];
  if (!earliest) throw new Error('The slots are not empty here: no slots returned above');
  const timeline = zoneTimeline(viewerTimeZone, earliest.startMs - 2 * DAY_MS, maxEnd + 2 * DAY_MS);

  const utc = new UtcFormatter();
  const days: DayOfSlots[] = [];
  const dayByNumber = new Map<number, DayOfSlots>();
  let current: DayOfSlots | undefined;
  let currentNumber = NaN;
  let outOfOrder = false;
  let maxDayNumber = -Infinity;
  const seenIds = new Set<string>();
  let previousStart = NaN;
  let segment = 0;

  for (const s of sorted) {
    let id: string;
    if (s.id === null) {
      if (s.startMs === previousStart) continue; // the same appointment start twice
      previousStart = s.startMs;
      id = utc.format(s.startMs);
    } else {
      if (seenIds.has(s.id)) continue;
      seenIds.add(s.id);
      id = s.id;
    }
    while (segmentEnd(timeline, segment) <= s.startMs) segment++;
    const startOffset = segmentOffset(timeline, segment);
    const startWall = s.startMs + startOffset;
    const endOffset = s.endMs < segmentEnd(timeline, segment) ? startOffset : offsetAt(timeline, s.endMs);
    const endWall = s.endMs + endOffset;

    const dayNumber = Math.floor(startWall / DAY_MS);
    if (dayNumber !== currentNumber || current === undefined) {
      current = dayByNumber.get(dayNumber);
      if (!current) {
        current = newDay(dayNumber);
        if (dayNumber < maxDayNumber) outOfOrder = true;
        else maxDayNumber = dayNumber;
        days.push(current);
        dayByNumber.set(dayNumber, current);
      }
      currentNumber = dayNumber;
    }
    const slot: Slot = {
      id,
      date: current.date,
      time: formatWallTime(startWall),
      until: formatWallTime(endWall),
      starts_at: s.id === null ? id : utc.format(s.startMs),
      ends_at: utc.format(s.endMs),
      available: s.status === 'available',
      booked_by_you: s.status === 'booked_by_you',
      taken: s.status === 'taken',
    };
    current.slots.push(slot);
  }
  // Only a fall-back change across the viewer's midnight can revisit an earlier date.
  if (outOfOrder) days.sort((a, b) => (a.date < b.date ? -1 : 1));
  return days;
}
