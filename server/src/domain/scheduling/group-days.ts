/**
 * Slots as "days of slots", grouped by the VIEWER's local date
 * (docs/product-rules.md#time-and-time-zones).
 *
 * The viewer zone's offsets come from one timeline; slots arrive sorted by start, so a cursor
 * walks the (few) transitions once. `time` is the viewer's wall clock at the start, `until` at
 * the end — read with the offset at the end, which differs when a change falls inside the slot.
 */
import { Temporal } from 'temporal-polyfill';
import { DAY_MS, UtcFormatter, civilFromDays, formatDate, formatWallTime, isoWeekdayOfDay } from './civil-time.ts';
import type { DayOfSlots, MonthAbbreviation, Slot, SlotInstant, WeekdayAbbreviation } from './types.ts';
import { offsetAt, zoneTimeline } from './zoned-time.ts';

const WEEKDAYS: readonly WeekdayAbbreviation[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS: readonly MonthAbbreviation[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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
    weekday: WEEKDAYS[isoWeekdayOfDay(dayNumber) - 1]!,
    day,
    month: MONTHS[month - 1]!,
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
  for (let i = 1; i < slots.length; i++) {
    if (compareSlots(slots[i - 1]!, slots[i]!) > 0) {
      sorted = [...slots].sort(compareSlots);
      break;
    }
  }
  let maxEnd = -Infinity;
  for (const s of sorted) if (s.endMs > maxEnd) maxEnd = s.endMs;
  const timeline = zoneTimeline(viewerTimeZone, sorted[0]!.startMs - 2 * DAY_MS, maxEnd + 2 * DAY_MS);
  const transitions = timeline.transitions;
  const offsets = timeline.offsets;

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
    while (segment < transitions.length && transitions[segment]! <= s.startMs) segment++;
    const startWall = s.startMs + offsets[segment]!;
    const endOffset = segment >= transitions.length || s.endMs < transitions[segment]! ? offsets[segment]! : offsetAt(timeline, s.endMs);
    const endWall = s.endMs + endOffset;

    const dayNumber = Math.floor(startWall / DAY_MS);
    if (dayNumber !== currentNumber) {
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
      date: current!.date,
      time: formatWallTime(startWall),
      until: formatWallTime(endWall),
      starts_at: s.id === null ? id : utc.format(s.startMs),
      ends_at: utc.format(s.endMs),
      available: s.status === 'available',
      booked_by_you: s.status === 'booked_by_you',
      taken: s.status === 'taken',
    };
    current!.slots.push(slot);
  }
  // Only a fall-back change across the viewer's midnight can revisit an earlier date.
  if (outOfOrder) days.sort((a, b) => (a.date < b.date ? -1 : 1));
  return days;
}
