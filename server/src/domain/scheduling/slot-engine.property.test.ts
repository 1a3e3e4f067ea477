/**
 * Property-based tests: random working hours, zones (ones with daylight saving and with odd
 * offsets), days around their clock changes, busy time, time off, holidays, notice and step.
 *
 * Zones are paired with the dates of their own clock changes, and half the working days are
 * night hours, so many cases put candidates in gaps and overlaps.
 *
 * 1. Invariants, each checked independently with Temporal: every slot lies in working hours,
 *    on the step grid from `from`, outside time off, in the booking window, with the service's
 *    duration; busy overlap ⇔ taken; sorted; unique ids; viewer fields match the viewer's zone.
 * 2. Agreement with the naive reference engine (bench/naive-slot-engine.ts), which converts
 *    every candidate with Temporal and scans every interval: the answers must be identical.
 */
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { naiveSlotDays } from '../../../../bench/naive-slot-engine.ts';
import { appointmentSlotInstants, getSlotDays } from './index.ts';
import type { ClassOccurrence, DayOfSlots, IsoWeekday, SlotQuery, WorkDay } from './types.ts';
import { must } from '../../../test/support/must.ts';

const ZONES = [
  'Europe/Madrid',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'America/Santiago',
  'UTC',
] as const;
/** Provider-local dates of each zone's clock changes in 2026–2027 (any date for zones without). */
const CHANGE_DAYS: Record<(typeof ZONES)[number], readonly string[]> = {
  'Europe/Madrid': ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'],
  'America/New_York': ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04', '2027-04-04', '2027-10-03'],
  'America/Santiago': ['2026-04-04', '2026-09-06', '2027-04-03', '2027-09-05'],
  'Asia/Kathmandu': ['2026-06-15', '2027-01-01'],
  'Asia/Kolkata': ['2026-06-15', '2027-01-01'],
  UTC: ['2026-06-15'],
};
const MINUTE = 60_000;
const DAY = 86_400_000;
const RUNS = Number(process.env.SLOT_PROPERTY_RUNS ?? 300);

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const ms = (iso: string) => Temporal.Instant.from(iso).epochMilliseconds;

const workDay = (weekday: number) =>
  fc
    .record({
      available: fc.constantFrom(true, true, true, false),
      // Half the days are worked at night, where clocks change.
      from: fc.oneof(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 0, max: 180 }), fc.integer({ min: 1200, max: 1438 })),
      length: fc.oneof(fc.integer({ min: 1, max: 1439 }), fc.integer({ min: 60, max: 360 })),
    })
    .map(({ available, from, length }): WorkDay => ({
      weekday: weekday as IsoWeekday,
      available,
      from: hhmm(from),
      to: hhmm(Math.min(1439, from + length)),
    }));

/** A random appointment query around a clock change, plus indexes of candidates the viewer books. */
const appointmentCase = fc
  .constantFrom(...ZONES)
  .chain((zone) =>
    fc.record({
      zone: fc.constant(zone),
      viewerZone: fc.constantFrom(...ZONES),
      anchor: fc.constantFrom(...CHANGE_DAYS[zone]),
      shiftDays: fc.constantFrom(0, 0, 0, -1, 1, -2, 2),
      workingHours: fc.tuple(workDay(1), workDay(2), workDay(3), workDay(4), workDay(5), workDay(6), workDay(7)),
      duration: fc.integer({ min: 5, max: 240 }),
      step: fc.option(fc.integer({ min: 10, max: 120 }), { nil: undefined }),
      windowStartMinutes: fc.integer({ min: 0, max: 1440 }),
      windowDays: fc.integer({ min: 1, max: 4 }),
      nowBeforeWindowMinutes: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: -600, max: 1440 })),
      notice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 240 }), fc.integer({ min: 0, max: 3000 })),
      maxAdvanceDays: fc.oneof(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 1, max: 10 })),
      busy: fc.array(fc.tuple(fc.integer({ min: 0, max: 8 * 288 }), fc.integer({ min: 1, max: 48 })), { maxLength: 15 }),
      timeOff: fc.array(
        fc.tuple(fc.integer({ min: 0, max: 7 * 96 }), fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 96 }))),
        { maxLength: 2 },
      ),
      holidayOffsets: fc.uniqueArray(fc.integer({ min: -1, max: 7 }), { maxLength: 2 }),
      viewerPicks: fc.array(fc.nat(), { maxLength: 3 }),
    }),
  )
  .map((c) => {
    const anchor = Temporal.PlainDate.from(c.anchor).add({ days: c.shiftDays });
    const base = ms(`${anchor.subtract({ days: 1 }).toString()}T00:00:00Z`);
    const windowFrom = base + c.windowStartMinutes * MINUTE;
    const localBase = anchor.subtract({ days: 2 }).toPlainDateTime({ hour: 0 });
    const q: SlotQuery = {
      provider: {
        timeZone: c.zone,
        workingHours: c.workingHours,
        // Time off in 15-minute steps of local wall clock, so edges fall into gaps and overlaps too.
        timeOff: c.timeOff.map(([start, length]) => ({
          from: localBase.add({ minutes: start * 15 }).toString({ smallestUnit: 'minute' }),
          until: localBase.add({ minutes: (start + length) * 15 }).toString({ smallestUnit: 'minute' }),
        })),
        holidays: c.holidayOffsets.map((d) => anchor.add({ days: d - 2 }).toString()),
      },
      service: { type: 'appointment', durationMinutes: c.duration, capacity: 1 },
      ...(c.step === undefined ? {} : { stepMinutes: c.step }),
      busy: c.busy.map(([start, length]) => ({
        start: base - DAY + start * 5 * MINUTE,
        end: base - DAY + (start + length) * 5 * MINUTE,
      })),
      policy: { minNoticeMinutes: c.notice, maxAdvanceDays: c.maxAdvanceDays },
      viewerTimeZone: c.viewerZone,
      now: windowFrom - c.nowBeforeWindowMinutes * MINUTE,
      window: { from: windowFrom, to: windowFrom + c.windowDays * DAY },
    };
    // The viewer books some actual candidates (otherwise random bookings would almost never match one).
    const candidates = appointmentSlotInstants(q);
    const mine =
      candidates.length === 0 ? [] : c.viewerPicks.map((i) => must(candidates[i % candidates.length], 'candidates[i % candidates.length]'));
    const viewerBookings = mine.map((s) => ({ start: s.startMs, end: s.endMs }));
    return { ...q, viewerBookings, busy: [...must(q.busy, 'q.busy'), ...viewerBookings] } satisfies SlotQuery;
  });

function allSlots(days: readonly DayOfSlots[]) {
  return days.flatMap((d) => d.slots.map((s) => ({ day: d, slot: s })));
}

describe('slot engine properties', () => {
  it('appointment slots keep every rule (checked independently with Temporal)', () => {
    fc.assert(
      fc.property(appointmentCase, (q) => {
        const days = getSlotDays(q);
        const zone = q.provider.timeZone;
        const duration = q.service.durationMinutes;
        const step = q.stepMinutes ?? duration;
        const now = q.now as number;
        const earliest = Math.max(now + q.policy.minNoticeMinutes * MINUTE, must(q.window, 'q.window').from as number);
        const latest = Math.min(now + q.policy.maxAdvanceDays * DAY, must(q.window, 'q.window').to as number);
        const busy = must(q.busy, 'q.busy').map((b) => ({ start: b.start as number, end: b.end as number }));
        const mine = must(q.viewerBookings, 'q.viewerBookings').map((b) => ({ start: b.start as number, end: b.end as number }));
        const timeOff = (q.provider.timeOff ?? []).map((t) => ({
          start: Temporal.PlainDateTime.from(t.from).toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds,
          end: Temporal.PlainDateTime.from(t.until).toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds,
        }));

        const ids = new Set<string>();
        let previousStart = -Infinity;
        let previousDate = '';
        for (const d of days) {
          expect(d.date > previousDate).toBe(true);
          previousDate = d.date;
          expect(d.slots.length).toBeGreaterThan(0);
        }
        for (const { day, slot } of allSlots(days)) {
          const start = ms(slot.starts_at);
          const end = ms(slot.ends_at);
          // duration, sort order, unique ids, one status
          expect(end - start).toBe(duration * MINUTE);
          expect(start).toBeGreaterThan(previousStart);
          previousStart = start;
          expect(ids.has(slot.id)).toBe(false);
          ids.add(slot.id);
          expect(slot.id).toBe(slot.starts_at);
          expect([slot.available, slot.taken, slot.booked_by_you].filter(Boolean)).toHaveLength(1);
          // booking window
          expect(start).toBeGreaterThanOrEqual(earliest);
          expect(start).toBeLessThan(latest);
          // working hours, on the step grid, an existing wall-clock time at its earlier instant
          const local = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(zone);
          const row = q.provider.workingHours.find((w) => w.weekday === local.dayOfWeek);
          expect(row?.available).toBe(true);
          expect(q.provider.holidays).not.toContain(local.toPlainDate().toString());
          const minute = local.hour * 60 + local.minute;
          const from = Number(must(row, 'row').from.slice(0, 2)) * 60 + Number(must(row, 'row').from.slice(3));
          const to = Number(must(row, 'row').to.slice(0, 2)) * 60 + Number(must(row, 'row').to.slice(3));
          expect(minute).toBeGreaterThanOrEqual(from);
          expect(minute).toBeLessThan(to);
          expect((minute - from) % step).toBe(0);
          expect(local.second).toBe(0);
          expect(local.toPlainDateTime().toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds).toBe(start);
          const toLater = local
            .toPlainDate()
            .toPlainDateTime({ hour: Math.floor(to / 60), minute: to % 60 })
            .toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
          expect(end).toBeLessThanOrEqual(toLater);
          // time off never; busy ⇔ taken, unless it is the viewer's own booking of exactly this slot
          expect(timeOff.some((t) => t.start < end && start < t.end)).toBe(false);
          const isMine = mine.some((b) => b.start === start && b.end === end);
          expect(slot.booked_by_you).toBe(isMine);
          if (!isMine) expect(slot.taken).toBe(busy.some((b) => b.start < end && start < b.end));
          // viewer fields
          const viewerStart = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(q.viewerTimeZone);
          const viewerEnd = Temporal.Instant.fromEpochMilliseconds(end).toZonedDateTimeISO(q.viewerTimeZone);
          expect(slot.date).toBe(viewerStart.toPlainDate().toString());
          expect(day.date).toBe(slot.date);
          expect(day.day).toBe(viewerStart.day);
          expect(slot.time).toBe(viewerStart.toPlainTime().toString({ smallestUnit: 'minute' }));
          expect(slot.until).toBe(viewerEnd.toPlainTime().toString({ smallestUnit: 'minute' }));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('appointment slots equal the naive reference engine’s', () => {
    fc.assert(
      fc.property(appointmentCase, (q) => {
        expect(getSlotDays(q)).toEqual(naiveSlotDays(q));
      }),
      { numRuns: RUNS },
    );
  });

  it('class slots equal the naive reference engine’s and keep the class rules', () => {
    const occurrence = fc.record({
      id: fc.integer({ min: 1, max: 40 }),
      start: fc.integer({ min: 0, max: 10 * 96 }),
      length: fc.integer({ min: 1, max: 16 }),
      capacity: fc.integer({ min: 1, max: 6 }),
      seats: fc.integer({ min: 0, max: 6 }),
      bookedByViewer: fc.boolean(),
      cancelled: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(occurrence, { maxLength: 25 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 3 * 1440 }),
        fc.integer({ min: 0, max: 2880 }),
        fc.integer({ min: 1, max: 7 }),
        (rows, viewerTimeZone, nowMinutes, notice, maxAdvanceDays) => {
          const base = Date.UTC(2026, 9, 22);
          const classOccurrences: ClassOccurrence[] = rows.map((r) => ({
            id: r.id,
            startsAt: new Date(base + r.start * 15 * MINUTE).toISOString(),
            endsAt: new Date(base + (r.start + r.length) * 15 * MINUTE).toISOString(),
            capacity: r.capacity,
            seatsTaken: Math.min(r.seats, r.capacity),
            bookedByViewer: r.bookedByViewer,
            cancelled: r.cancelled,
          }));
          const now = base + nowMinutes * MINUTE;
          const q: SlotQuery = {
            provider: { timeZone: 'Europe/Madrid', workingHours: [] },
            service: { type: 'class', durationMinutes: 60, capacity: 6 },
            classOccurrences,
            policy: { minNoticeMinutes: notice, maxAdvanceDays },
            viewerTimeZone,
            now,
          };
          const days = getSlotDays(q);
          expect(days).toEqual(naiveSlotDays(q));
          const seen = new Set<string>();
          for (const { slot } of allSlots(days)) {
            expect(seen.has(slot.id)).toBe(false);
            seen.add(slot.id);
            const source = must(
              classOccurrences.find((o) => String(o.id) === slot.id && !o.cancelled && o.startsAt === slot.starts_at.replace('Z', '.000Z')),
              "classOccurrences.find( (o) => String(o.id) === slot.id && !o.cancelled && o.startsAt === slot.starts_at.replace('Z', '.000Z'), )",
            );
            expect(source).toBeDefined();
            expect(ms(slot.starts_at)).toBeGreaterThanOrEqual(now + notice * MINUTE);
            expect(ms(slot.starts_at)).toBeLessThan(now + maxAdvanceDays * DAY);
            expect(slot.booked_by_you).toBe(source.bookedByViewer);
            expect(slot.taken).toBe(!source.bookedByViewer && source.seatsTaken >= source.capacity);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
