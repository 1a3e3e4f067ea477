/**
 * Class slots (docs/product-rules.md#classes): capacity, the viewer's place, cancelled occurrences,
 * notice and holidays.
 */
import { describe, expect, it } from 'vitest';
import { classSlotInstants, getSlotDays } from './index.ts';
import type { ClassOccurrence } from './types.ts';
import { describeSlots, query, type QueryOverrides } from './test-support.ts';

const occurrence = (id: string | number, startsAt: string, endsAt: string, extra: Partial<ClassOccurrence> = {}): ClassOccurrence => ({
  id,
  startsAt,
  endsAt,
  capacity: 5,
  seatsTaken: 0,
  bookedByViewer: false,
  cancelled: false,
  ...extra,
});

const classQuery = (classOccurrences: ClassOccurrence[], extra: QueryOverrides = {}) =>
  query('Europe/Madrid', {
    service: { type: 'class', durationMinutes: 60, capacity: 5 },
    classOccurrences,
    now: '2026-06-01T00:00:00Z',
    ...extra,
  });

describe('class slots', () => {
  it('is available below capacity, taken when full, booked_by_you when the viewer holds a place', () => {
    const days = getSlotDays(
      classQuery([
        occurrence(4, '2026-06-02T16:00:00Z', '2026-06-02T17:00:00Z', { seatsTaken: 5, bookedByViewer: true }),
        occurrence(1, '2026-06-02T07:00:00Z', '2026-06-02T08:00:00Z', { seatsTaken: 4 }),
        occurrence(2, '2026-06-02T09:00:00Z', '2026-06-02T10:30:00Z', { seatsTaken: 5 }),
        occurrence(3, '2026-06-02T11:00:00Z', '2026-06-02T12:00:00Z', { seatsTaken: 3, bookedByViewer: true }),
      ]),
    );
    expect(days).toEqual([
      {
        date: '2026-06-02',
        weekday: 'Tue',
        day: 2,
        month: 'Jun',
        slots: [
          {
            id: '1',
            date: '2026-06-02',
            time: '09:00',
            until: '10:00',
            starts_at: '2026-06-02T07:00:00Z',
            ends_at: '2026-06-02T08:00:00Z',
            available: true,
            booked_by_you: false,
            taken: false,
          },
          {
            id: '2',
            date: '2026-06-02',
            time: '11:00',
            until: '12:30',
            starts_at: '2026-06-02T09:00:00Z',
            ends_at: '2026-06-02T10:30:00Z',
            available: false,
            booked_by_you: false,
            taken: true,
          },
          {
            id: '3',
            date: '2026-06-02',
            time: '13:00',
            until: '14:00',
            starts_at: '2026-06-02T11:00:00Z',
            ends_at: '2026-06-02T12:00:00Z',
            available: false,
            booked_by_you: true,
            taken: false,
          },
          {
            id: '4',
            date: '2026-06-02',
            time: '18:00',
            until: '19:00',
            starts_at: '2026-06-02T16:00:00Z',
            ends_at: '2026-06-02T17:00:00Z',
            available: false,
            booked_by_you: true,
            taken: false,
          },
        ],
      },
    ]);
  });

  it('leaves out cancelled occurrences and repeated ids', () => {
    expect(
      classSlotInstants(
        classQuery([
          occurrence(1, '2026-06-02T07:00:00Z', '2026-06-02T08:00:00Z', { cancelled: true }),
          occurrence(2, '2026-06-03T07:00:00Z', '2026-06-03T08:00:00Z'),
          occurrence(2, '2026-06-04T07:00:00Z', '2026-06-04T08:00:00Z'),
        ]),
      ).map((s) => s.id),
    ).toEqual(['2']);
  });

  it('applies notice and the advance limit to the start', () => {
    const q = classQuery(
      [
        occurrence(1, '2026-06-01T00:59:00Z', '2026-06-01T02:00:00Z'),
        occurrence(2, '2026-06-01T01:00:00Z', '2026-06-01T02:00:00Z'),
        occurrence(3, '2026-06-07T23:59:00Z', '2026-06-08T01:00:00Z'),
        occurrence(4, '2026-06-08T00:00:00Z', '2026-06-08T01:00:00Z'),
      ],
      { policy: { minNoticeMinutes: 60, maxAdvanceDays: 7 } },
    );
    expect(classSlotInstants(q).map((s) => s.id)).toEqual(['2', '3']);
  });

  it('lists occurrences on holidays, in time off and outside working hours (explicit provider decisions)', () => {
    const q = classQuery([occurrence(9, '2026-06-02T21:00:00Z', '2026-06-02T22:00:00Z')], {
      provider: { holidays: ['2026-06-02'], timeOff: [{ from: '2026-06-01T00:00', until: '2026-06-05T00:00' }] },
      busy: [{ start: '2026-06-02T21:00:00Z', end: '2026-06-02T22:00:00Z' }],
    });
    expect(describeSlots(getSlotDays(q))).toEqual(['2026-06-02T21:00:00Z 23:00-00:00 available']);
  });

  it('orders by start, then id, and groups by the viewer’s date', () => {
    const q = classQuery(
      [
        occurrence('b', '2026-06-03T03:00:00Z', '2026-06-03T04:00:00Z'),
        occurrence('a', '2026-06-03T03:00:00Z', '2026-06-03T04:00:00Z'),
        occurrence(7, '2026-06-02T20:00:00Z', '2026-06-02T21:00:00Z'),
      ],
      { viewerTimeZone: 'America/New_York' },
    );
    expect(getSlotDays(q).map((d) => [d.date, d.slots.map((s) => `${s.id} ${s.time}`)])).toEqual([
      ['2026-06-02', ['7 16:00', 'a 23:00', 'b 23:00']],
    ]);
  });
});

describe('an empty answer', () => {
  it('is an empty list, and an unknown viewer zone is still refused', () => {
    expect(getSlotDays(classQuery([]))).toEqual([]);
    expect(() => getSlotDays(classQuery([], { viewerTimeZone: 'Moon/Tranquility' }))).toThrow(RangeError);
  });
});
