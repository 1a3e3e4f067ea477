/** Half-open interval helpers and the calendar arithmetic under the engine. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UtcFormatter,
  civilFromDays,
  daysFromCivil,
  formatDate,
  isoWeekdayOfDay,
  parseDate,
  parseInstant,
  parseTime,
} from './civil-time.ts';
import { IntervalCursor, mergeIntervals, overlaps } from './intervals.ts';

describe('intervals', () => {
  it('treats touching intervals as not overlapping', () => {
    expect(overlaps(0, 10, 10, 20)).toBe(false);
    expect(overlaps(0, 11, 10, 20)).toBe(true);
    expect(overlaps(5, 6, 0, 20)).toBe(true);
    expect(overlaps(0, 20, 5, 5)).toBe(false);
  });

  it('merges overlapping and touching intervals, dropping empty ones', () => {
    expect(
      mergeIntervals([
        { start: 50, end: 60 },
        { start: 0, end: 10 },
        { start: 10, end: 20 },
        { start: 15, end: 18 },
        { start: 30, end: 30 },
        { start: 55, end: 70 },
      ]),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 50, end: 70 },
    ]);
  });

  it('the cursor answers like a scan over all intervals, in any query order', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 60 }))
      .map(([s, l]) => ({ start: s, end: s + l }));
    fc.assert(
      fc.property(
        fc.array(interval, { maxLength: 30 }),
        fc.array(interval, { maxLength: 40 }),
        fc.boolean(),
        (busy, queries, sortQueries) => {
          const cursor = new IntervalCursor(mergeIntervals(busy));
          const qs = sortQueries ? [...queries].sort((a, b) => a.start - b.start) : queries;
          for (const q of qs) {
            if (q.start >= q.end) continue;
            expect(cursor.overlaps(q.start, q.end)).toBe(busy.some((b) => overlaps(q.start, q.end, b.start, b.end)));
          }
        },
      ),
    );
  });
});

describe('civil time', () => {
  it('counts days from 1970-01-01 and back', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11_017);
    expect(civilFromDays(20_605)).toEqual({ year: 2026, month: 6, day: 1 });
    expect(formatDate(-1)).toBe('1969-12-31');
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (n) => {
        const { year, month, day } = civilFromDays(n);
        expect(daysFromCivil(year, month, day)).toBe(n);
        expect(new Date(n * 86_400_000).toISOString().slice(0, 10)).toBe(formatDate(n));
      }),
    );
  });

  it('knows ISO weekdays', () => {
    expect(isoWeekdayOfDay(0)).toBe(4); // Thursday 1970-01-01
    expect(isoWeekdayOfDay(parseDate('2026-06-01'))).toBe(1);
    expect(isoWeekdayOfDay(parseDate('2026-05-31'))).toBe(7);
    expect(isoWeekdayOfDay(-1)).toBe(3);
  });

  it('parses strictly', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:59')).toBe(1439);
    for (const bad of ['24:00', '9:00', '09:60', '0900', '']) expect(() => parseTime(bad)).toThrow(RangeError);
    expect(parseDate('2028-02-29')).toBe(daysFromCivil(2028, 2, 29));
    expect(() => parseDate('2027-02-29')).toThrow(RangeError);
    expect(parseInstant('2026-06-01T10:00:00+02:00')).toBe(Date.UTC(2026, 5, 1, 8));
    expect(parseInstant('2026-06-01T08:00:00.000Z')).toBe(Date.UTC(2026, 5, 1, 8));
    expect(() => parseInstant('June 1, 2026')).toThrow(RangeError);
    expect(() => parseInstant('2026-02-29T10:00:00Z')).toThrow(RangeError);
    expect(() => parseInstant('2026-06-01T24:00:00Z')).toThrow(RangeError);
    expect(() => parseInstant('2026-02-30T10:00:00+01:00')).toThrow(RangeError);
    expect(() => parseInstant('2026-06-01T10:00:00+25:00')).toThrow(RangeError);
    expect(parseInstant('2026-06-01T08:00Z')).toBe(Date.UTC(2026, 5, 1, 8));
    expect(parseInstant('2026-06-01T08:00:00.5Z')).toBe(Date.UTC(2026, 5, 1, 8, 0, 0, 500));
    expect(() => parseInstant(Number.NaN)).toThrow(RangeError);
  });

  it('reads every UTC instant string like Date.parse does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), fc.boolean(), (t, withMillis) => {
        const iso = new Date(t).toISOString();
        const text = withMillis ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
        expect(parseInstant(text)).toBe(Date.parse(text));
      }),
    );
  });

  it('formats instants as UTC with whole seconds', () => {
    const f = new UtcFormatter();
    expect(f.format(Date.UTC(2026, 10, 23, 9, 0, 0))).toBe('2026-11-23T09:00:00Z');
    expect(f.format(Date.UTC(2026, 10, 23, 23, 59, 59, 999))).toBe('2026-11-23T23:59:59Z');
    expect(f.format(Date.UTC(2026, 10, 24, 0, 0, 0))).toBe('2026-11-24T00:00:00Z');
  });
});
