/**
 * A deliberately naive slot engine: the same rules as `server/src/domain/scheduling`
 * (docs/product-rules.md#availability), written the obvious way — a Temporal conversion for every
 * candidate and every wall-clock value, every candidate checked against every busy interval and
 * time-off period, viewer days found by converting each slot. It is the benchmark's baseline and
 * the engine's executable specification: the benchmark and the engine's property tests check that
 * both give identical answers.
 */
import { Temporal } from 'temporal-polyfill';
import type { DayOfSlots, InstantInput, Slot, SlotQuery, SlotStatus } from '../server/src/domain/scheduling/index.ts';
import { must } from '../server/test/support/must.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MINUTE = 60_000;
const DAY = 86_400_000;

const ms = (v: InstantInput): number => (typeof v === 'number' ? v : Temporal.Instant.from(v).epochMilliseconds);
const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface NaiveSlot {
  id: string;
  start: number;
  end: number;
  status: SlotStatus;
}

/** Instant at which the wall clock first reads `pdt` or later in `zone`. */
function firstInstantAtOrAfter(pdt: Temporal.PlainDateTime, zone: string): number {
  const compatible = pdt.toZonedDateTime(zone, { disambiguation: 'compatible' });
  if (compatible.toPlainDateTime().equals(pdt)) return pdt.toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
  return must(compatible.getTimeZoneTransition('previous'), "compatible.getTimeZoneTransition('previous')").epochMilliseconds; // pdt lies in a gap
}

function naiveSlots(q: SlotQuery): NaiveSlot[] {
  const now = ms(q.now);
  let earliest = now + q.policy.minNoticeMinutes * MINUTE;
  let latest = now + q.policy.maxAdvanceDays * DAY;
  if (q.window) {
    earliest = Math.max(earliest, ms(q.window.from));
    latest = Math.min(latest, ms(q.window.to));
  }
  const out: NaiveSlot[] = [];
  if (earliest >= latest) return out;

  if (q.service.type === 'class') {
    for (const o of q.classOccurrences ?? []) {
      const start = ms(o.startsAt);
      if (o.cancelled || start < earliest || start >= latest || out.some((s) => s.id === String(o.id))) continue;
      const status: SlotStatus = o.bookedByViewer ? 'booked_by_you' : o.seatsTaken >= o.capacity ? 'taken' : 'available';
      out.push({ id: String(o.id), start, end: ms(o.endsAt), status });
    }
    return out;
  }

  const zone = q.provider.timeZone;
  const duration = q.service.durationMinutes;
  const step = q.stepMinutes ?? duration;
  const timeOff = (q.provider.timeOff ?? []).map((t) => ({
    start: Temporal.PlainDateTime.from(t.from).toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds,
    end: Temporal.PlainDateTime.from(t.until).toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds,
  }));
  const busy = (q.busy ?? []).map((b) => ({ start: ms(b.start), end: ms(b.end) })).filter((b) => b.start < b.end);
  const mine = (q.viewerBookings ?? []).map((b) => ({ start: ms(b.start), end: ms(b.end) }));
  const holidays = new Set(q.provider.holidays ?? []);

  let date = Temporal.Instant.fromEpochMilliseconds(earliest).toZonedDateTimeISO(zone).toPlainDate().subtract({ days: 1 });
  const lastDate = Temporal.Instant.fromEpochMilliseconds(latest).toZonedDateTimeISO(zone).toPlainDate().add({ days: 1 });
  for (; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 })) {
    const hours = q.provider.workingHours.find((w) => w.weekday === date.dayOfWeek && w.available);
    if (!hours || holidays.has(date.toString())) continue;
    const from = minutes(hours.from);
    const to = minutes(hours.to);
    const toInstant = firstInstantAtOrAfter(date.toPlainDateTime({ hour: Math.floor(to / 60), minute: to % 60 }), zone);
    for (let m = from; m < to; m += step) {
      const wall = date.toPlainDateTime({ hour: Math.floor(m / 60), minute: m % 60 });
      const compatible = wall.toZonedDateTime(zone, { disambiguation: 'compatible' });
      if (!compatible.toPlainDateTime().equals(wall)) continue; // a spring-forward gap: no slot
      const start = wall.toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
      const end = start + duration * MINUTE;
      if (end > toInstant || start < earliest || start >= latest) continue;
      if (timeOff.some((t) => t.start < end && start < t.end)) continue;
      const status: SlotStatus = mine.some((b) => b.start === start && b.end === end)
        ? 'booked_by_you'
        : busy.some((b) => b.start < end && start < b.end)
          ? 'taken'
          : 'available';
      out.push({ id: Temporal.Instant.fromEpochMilliseconds(start).toString(), start, end, status });
    }
  }
  return out;
}

const hhmm = (z: Temporal.ZonedDateTime): string => z.toPlainTime().toString({ smallestUnit: 'minute' });
const iso = (t: number): string => Temporal.Instant.fromEpochMilliseconds(t).toString({ smallestUnit: 'second' });

/** The naive engine's days of slots, the same shape as the engine's `getSlotDays`. */
export function naiveSlotDays(q: SlotQuery): DayOfSlots[] {
  const slots = naiveSlots(q).sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const days = new Map<string, DayOfSlots>();
  for (const s of slots) {
    const start = Temporal.Instant.fromEpochMilliseconds(s.start).toZonedDateTimeISO(q.viewerTimeZone);
    const end = Temporal.Instant.fromEpochMilliseconds(s.end).toZonedDateTimeISO(q.viewerTimeZone);
    const date = start.toPlainDate().toString();
    let day = days.get(date);
    if (!day) {
      day = {
        date,
        weekday: must(WEEKDAYS[start.dayOfWeek - 1], 'WEEKDAYS[start.dayOfWeek - 1]'),
        day: start.day,
        month: must(MONTHS[start.month - 1], 'MONTHS[start.month - 1]'),
        slots: [],
      };
      days.set(date, day);
    }
    const slot: Slot = {
      id: s.id,
      date,
      time: hhmm(start),
      until: hhmm(end),
      starts_at: iso(s.start),
      ends_at: iso(s.end),
      available: s.status === 'available',
      booked_by_you: s.status === 'booked_by_you',
      taken: s.status === 'taken',
    };
    day.slots.push(slot);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
