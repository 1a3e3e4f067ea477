/**
 * Class slots (docs/product-rules.md#classes): each materialised occurrence that is not cancelled
 * and starts inside the booking window (notice, advance limit, caller's window) is one slot —
 * `booked_by_you` when the viewer holds a place, else `taken` when every seat is taken, else
 * `available`.
 *
 * Occurrences are explicit decisions of the provider, so they are listed even on holidays,
 * during time off and outside working hours; busy time does not mark them taken either (the
 * database keeps a provider's bookings and classes from overlapping).
 */
import { bookingWindow } from './booking-window.ts';
import { parseInstant } from './civil-time.ts';
import type { SlotInstant, SlotQuery, SlotStatus } from './types.ts';

/** The class slots of `query` as instants, ascending by start (then id), one per occurrence id. */
export function classSlotInstants(query: SlotQuery): SlotInstant[] {
  const { fromMs, toMs } = bookingWindow(query);
  const out: (SlotInstant & { id: string })[] = [];
  const seen = new Set<string>();
  for (const occurrence of query.classOccurrences ?? []) {
    if (occurrence.cancelled) continue;
    const startMs = parseInstant(occurrence.startsAt);
    const endMs = parseInstant(occurrence.endsAt);
    if (endMs <= startMs) throw new RangeError(`Class occurrence ${occurrence.id} must end after it starts`);
    if (startMs < fromMs || startMs >= toMs) continue;
    const id = String(occurrence.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const status: SlotStatus = occurrence.bookedByViewer
      ? 'booked_by_you'
      : occurrence.seatsTaken >= occurrence.capacity
        ? 'taken'
        : 'available';
    out.push({ id, startMs, endMs, status });
  }
  out.sort((a, b) => a.startMs - b.startMs || compareIds(a.id, b.id));
  if (query.limit !== undefined && out.length > query.limit) out.length = query.limit;
  return out;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
