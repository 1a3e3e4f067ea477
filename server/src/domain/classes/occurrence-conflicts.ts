/**
 * What stands in the way of new class occurrences (docs/product-rules.md#classes): a booking of the
 * provider's time, a period of time off, or a public holiday the provider does not work. Pure. A
 * holiday is read by the occurrence's provider-local date, time off by wall clock — as the slot
 * engine reads them for appointments.
 */
import { DAY_MS, parseLocalDateTime } from '../scheduling/civil-time.ts';
import type { TimeOff } from '../scheduling/types.ts';
import { instantToWall, zoneTimeline } from '../scheduling/zoned-time.ts';
import type { Occurrence } from './repeater-occurrences.ts';

export interface ProviderDays {
  readonly timeZone: string;
  readonly timeOff: readonly TimeOff[];
  /** Holidays the provider does not work: provider-local date and name. */
  readonly holidays: readonly { readonly date: string; readonly name: string }[];
}

/**
 * A booking that holds the provider's time, with the client's name for the message; or, with a
 * null name, a busy time of the provider's connected calendars.
 */
export interface BusyBooking {
  readonly startMs: number;
  readonly endMs: number;
  readonly clientName: string | null;
}

export type OccurrenceConflict =
  | { readonly kind: 'booking'; readonly occurrence: Occurrence; readonly booking: BusyBooking }
  | { readonly kind: 'time_off'; readonly occurrence: Occurrence }
  | { readonly kind: 'holiday'; readonly occurrence: Occurrence; readonly name: string };

/** Every conflict of the occurrences, in their order (at most one per occurrence: holiday, time off, then a booking). */
export function occurrenceConflicts(
  occurrences: readonly Occurrence[],
  provider: ProviderDays,
  bookings: readonly BusyBooking[],
): OccurrenceConflict[] {
  const first = occurrences[0];
  const last = occurrences.at(-1);
  if (!first || !last) return [];
  const holidays = new Map(provider.holidays.map((h) => [h.date, h.name]));
  const offs = provider.timeOff.map((t) => ({ from: parseLocalDateTime(t.from), until: parseLocalDateTime(t.until) }));
  const timeline = zoneTimeline(provider.timeZone, first.startMs - DAY_MS, last.endMs + DAY_MS);
  const out: OccurrenceConflict[] = [];
  for (const occurrence of occurrences) {
    const holiday = holidays.get(occurrence.localDate);
    if (holiday !== undefined) {
      out.push({ kind: 'holiday', occurrence, name: holiday });
      continue;
    }
    const fromWall = instantToWall(timeline, occurrence.startMs);
    const untilWall = instantToWall(timeline, occurrence.endMs);
    if (offs.some((t) => t.from < untilWall && fromWall < t.until)) {
      out.push({ kind: 'time_off', occurrence });
      continue;
    }
    const booking = bookings.find((b) => b.startMs < occurrence.endMs && occurrence.startMs < b.endMs);
    if (booking) out.push({ kind: 'booking', occurrence, booking });
  }
  return out;
}
