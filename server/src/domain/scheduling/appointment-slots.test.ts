/**
 * Appointment slots (docs/product-rules.md#availability) on hand-worked examples. Every expected
 * instant and wall-clock time below was worked out by hand from the zones' rules, never computed by
 * the engine.
 */
import { describe, expect, it } from 'vitest';
import { appointmentSlotInstants, getSlotDays } from './index.ts';
import { describeSlots, hours, oneDayQuery, query, starts, type QueryOverrides } from './test-support.ts';

interface DayCase {
  name: string;
  zone: string;
  date: string;
  from: string;
  to: string;
  duration: number;
  step?: number;
  /** 'starts_at time-until' with times in the provider's zone (the viewer shares it). */
  expected: string[];
}

const dstCases: DayCase[] = [
  // Europe/Madrid: last Sunday of March 02:00 CET → 03:00 CEST; last Sunday of October 03:00 CEST → 02:00 CET.
  {
    name: 'Madrid spring-forward 2026: 02:00 and 02:30 do not exist',
    zone: 'Europe/Madrid',
    date: '2026-03-29',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-03-29T00:00:00Z 01:00-01:30',
      '2026-03-29T00:30:00Z 01:30-03:00',
      '2026-03-29T01:00:00Z 03:00-03:30',
      '2026-03-29T01:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'Madrid spring-forward 2026, working day 08:00–17:00 (CEST)',
    zone: 'Europe/Madrid',
    date: '2026-03-29',
    from: '08:00',
    to: '17:00',
    duration: 60,
    expected: [
      '2026-03-29T06:00:00Z 08:00-09:00',
      '2026-03-29T07:00:00Z 09:00-10:00',
      '2026-03-29T08:00:00Z 10:00-11:00',
      '2026-03-29T09:00:00Z 11:00-12:00',
      '2026-03-29T10:00:00Z 12:00-13:00',
      '2026-03-29T11:00:00Z 13:00-14:00',
      '2026-03-29T12:00:00Z 14:00-15:00',
      '2026-03-29T13:00:00Z 15:00-16:00',
      '2026-03-29T14:00:00Z 16:00-17:00',
    ],
  },
  {
    name: 'Madrid fall-back 2026: 02:00 and 02:30 happen twice, the earlier (CEST) is used',
    zone: 'Europe/Madrid',
    date: '2026-10-25',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-10-24T23:00:00Z 01:00-01:30',
      '2026-10-24T23:30:00Z 01:30-02:00',
      '2026-10-25T00:00:00Z 02:00-02:30',
      '2026-10-25T00:30:00Z 02:30-02:00', // ends at 01:00Z, when the clock is set back to 02:00 CET
      '2026-10-25T02:00:00Z 03:00-03:30',
      '2026-10-25T02:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'Madrid fall-back 2026, working day 08:00–17:00 (CET)',
    zone: 'Europe/Madrid',
    date: '2026-10-25',
    from: '08:00',
    to: '17:00',
    duration: 180,
    expected: ['2026-10-25T07:00:00Z 08:00-11:00', '2026-10-25T10:00:00Z 11:00-14:00', '2026-10-25T13:00:00Z 14:00-17:00'],
  },
  {
    name: 'Madrid spring-forward 2027',
    zone: 'Europe/Madrid',
    date: '2027-03-28',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2027-03-28T00:00:00Z 01:00-01:30',
      '2027-03-28T00:30:00Z 01:30-03:00',
      '2027-03-28T01:00:00Z 03:00-03:30',
      '2027-03-28T01:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'Madrid spring-forward 2027, 08:00–17:00',
    zone: 'Europe/Madrid',
    date: '2027-03-28',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2027-03-28T06:00:00Z 08:00-12:00', '2027-03-28T10:00:00Z 12:00-16:00'],
  },
  {
    name: 'Madrid fall-back 2027',
    zone: 'Europe/Madrid',
    date: '2027-10-31',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2027-10-30T23:00:00Z 01:00-01:30',
      '2027-10-30T23:30:00Z 01:30-02:00',
      '2027-10-31T00:00:00Z 02:00-02:30',
      '2027-10-31T00:30:00Z 02:30-02:00',
      '2027-10-31T02:00:00Z 03:00-03:30',
      '2027-10-31T02:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'Madrid fall-back 2027, 08:00–17:00',
    zone: 'Europe/Madrid',
    date: '2027-10-31',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2027-10-31T07:00:00Z 08:00-12:00', '2027-10-31T11:00:00Z 12:00-16:00'],
  },
  // America/New_York: second Sunday of March 02:00 EST → 03:00 EDT; first Sunday of November 02:00 EDT → 01:00 EST.
  {
    name: 'New York spring-forward 2026',
    zone: 'America/New_York',
    date: '2026-03-08',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-03-08T06:00:00Z 01:00-01:30',
      '2026-03-08T06:30:00Z 01:30-03:00',
      '2026-03-08T07:00:00Z 03:00-03:30',
      '2026-03-08T07:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'New York spring-forward 2026, 08:00–17:00 (EDT)',
    zone: 'America/New_York',
    date: '2026-03-08',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2026-03-08T12:00:00Z 08:00-12:00', '2026-03-08T16:00:00Z 12:00-16:00'],
  },
  {
    name: 'New York fall-back 2026: 01:00 and 01:30 happen twice, the earlier (EDT) is used',
    zone: 'America/New_York',
    date: '2026-11-01',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-11-01T05:00:00Z 01:00-01:30',
      '2026-11-01T05:30:00Z 01:30-01:00', // ends at 06:00Z = 01:00 EST
      '2026-11-01T07:00:00Z 02:00-02:30',
      '2026-11-01T07:30:00Z 02:30-03:00',
      '2026-11-01T08:00:00Z 03:00-03:30',
      '2026-11-01T08:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'New York fall-back 2026, 08:00–17:00 (EST)',
    zone: 'America/New_York',
    date: '2026-11-01',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2026-11-01T13:00:00Z 08:00-12:00', '2026-11-01T17:00:00Z 12:00-16:00'],
  },
  {
    name: 'New York spring-forward 2027',
    zone: 'America/New_York',
    date: '2027-03-14',
    from: '01:00',
    to: '04:00',
    duration: 60,
    expected: ['2027-03-14T06:00:00Z 01:00-03:00', '2027-03-14T07:00:00Z 03:00-04:00'],
  },
  {
    name: 'New York spring-forward 2027, 08:00–17:00',
    zone: 'America/New_York',
    date: '2027-03-14',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2027-03-14T12:00:00Z 08:00-12:00', '2027-03-14T16:00:00Z 12:00-16:00'],
  },
  {
    name: 'New York fall-back 2027',
    zone: 'America/New_York',
    date: '2027-11-07',
    from: '01:00',
    to: '04:00',
    duration: 60,
    expected: ['2027-11-07T05:00:00Z 01:00-01:00', '2027-11-07T07:00:00Z 02:00-03:00', '2027-11-07T08:00:00Z 03:00-04:00'],
  },
  {
    name: 'New York fall-back 2027, 08:00–17:00',
    zone: 'America/New_York',
    date: '2027-11-07',
    from: '08:00',
    to: '17:00',
    duration: 240,
    expected: ['2027-11-07T13:00:00Z 08:00-12:00', '2027-11-07T17:00:00Z 12:00-16:00'],
  },
  // Australia/Lord_Howe: +10:30 standard, +11:00 summer; the clock moves by 30 minutes at 02:00.
  {
    name: 'Lord Howe spring-forward 2026: 02:00 → 02:30, so 02:00 does not exist',
    zone: 'Australia/Lord_Howe',
    date: '2026-10-04',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-10-03T14:30:00Z 01:00-01:30',
      '2026-10-03T15:00:00Z 01:30-02:30',
      '2026-10-03T15:30:00Z 02:30-03:00',
      '2026-10-03T16:00:00Z 03:00-03:30',
      '2026-10-03T16:30:00Z 03:30-04:00',
    ],
  },
  {
    name: 'Lord Howe fall-back 2026: 02:00 → 01:30, so 01:30 happens twice',
    zone: 'Australia/Lord_Howe',
    date: '2026-04-05',
    from: '01:00',
    to: '04:00',
    duration: 30,
    expected: [
      '2026-04-04T14:00:00Z 01:00-01:30',
      '2026-04-04T14:30:00Z 01:30-01:30', // the earlier 01:30 (+11:00), ending at the later one (+10:30)
      '2026-04-04T15:30:00Z 02:00-02:30',
      '2026-04-04T16:00:00Z 02:30-03:00',
      '2026-04-04T16:30:00Z 03:00-03:30',
      '2026-04-04T17:00:00Z 03:30-04:00',
    ],
  },
  // Odd fixed offsets.
  {
    name: 'Kathmandu (+05:45)',
    zone: 'Asia/Kathmandu',
    date: '2026-06-01',
    from: '09:00',
    to: '12:00',
    duration: 60,
    expected: ['2026-06-01T03:15:00Z 09:00-10:00', '2026-06-01T04:15:00Z 10:00-11:00', '2026-06-01T05:15:00Z 11:00-12:00'],
  },
  {
    name: 'Kathmandu, starts after 13:00 with a 90-minute service',
    zone: 'Asia/Kathmandu',
    date: '2026-06-01',
    from: '13:15',
    to: '18:00',
    duration: 90,
    expected: ['2026-06-01T07:30:00Z 13:15-14:45', '2026-06-01T09:00:00Z 14:45-16:15', '2026-06-01T10:30:00Z 16:15-17:45'],
  },
  {
    name: 'Kolkata (+05:30), 45-minute service: the third would end after 11:00',
    zone: 'Asia/Kolkata',
    date: '2026-06-01',
    from: '09:00',
    to: '11:00',
    duration: 45,
    expected: ['2026-06-01T03:30:00Z 09:00-09:45', '2026-06-01T04:15:00Z 09:45-10:30'],
  },
  {
    name: 'Kolkata, afternoon to late evening',
    zone: 'Asia/Kolkata',
    date: '2026-12-31',
    from: '14:00',
    to: '23:59',
    duration: 180,
    expected: ['2026-12-31T08:30:00Z 14:00-17:00', '2026-12-31T11:30:00Z 17:00-20:00', '2026-12-31T14:30:00Z 20:00-23:00'],
  },
  // America/Santiago changes at local midnight.
  {
    name: 'Santiago spring-forward 2026: the day starts at 01:00',
    zone: 'America/Santiago',
    date: '2026-09-06',
    from: '00:00',
    to: '03:00',
    duration: 60,
    expected: ['2026-09-06T04:00:00Z 01:00-02:00', '2026-09-06T05:00:00Z 02:00-03:00'],
  },
  {
    name: 'Santiago fall-back 2026: 23:00–24:00 of Saturday happens twice',
    zone: 'America/Santiago',
    date: '2026-04-04',
    from: '22:00',
    to: '23:59',
    duration: 30,
    // 23:59 means its earlier instant, 02:59Z, so the earlier 23:30 (02:30Z–03:00Z) no longer fits.
    expected: ['2026-04-05T01:00:00Z 22:00-22:30', '2026-04-05T01:30:00Z 22:30-23:00', '2026-04-05T02:00:00Z 23:00-23:30'],
  },
  {
    name: 'Santiago, the Sunday after fall-back (-04:00)',
    zone: 'America/Santiago',
    date: '2026-04-05',
    from: '00:00',
    to: '02:00',
    duration: 60,
    expected: ['2026-04-05T04:00:00Z 00:00-01:00', '2026-04-05T05:00:00Z 01:00-02:00'],
  },
];

describe('appointment slots across daylight-saving changes and odd offsets', () => {
  it.each(dstCases)('$name', ({ zone, date, from, to, duration, step, expected }) => {
    const days = getSlotDays(oneDayQuery(zone, date, from, to, { service: { durationMinutes: duration }, stepMinutes: step }));
    expect(days.flatMap((d) => d.slots.map((s) => `${s.starts_at} ${s.time}-${s.until}`))).toEqual(expected);
    for (const d of days) for (const s of d.slots) expect(s.available).toBe(true);
  });
});

describe('steps', () => {
  it('defaults the step to the service duration', () => {
    expect(starts(oneDayQuery('UTC', '2026-06-01', '09:00', '11:00', { service: { durationMinutes: 40 } }))).toEqual([
      '2026-06-01T09:00:00Z',
      '2026-06-01T09:40:00Z',
      '2026-06-01T10:20:00Z',
    ]);
  });

  it('steps by stepMinutes from `from`, while the service still ends by `to`', () => {
    expect(starts(oneDayQuery('UTC', '2026-06-01', '09:10', '11:00', { service: { durationMinutes: 60 }, stepMinutes: 15 }))).toEqual([
      '2026-06-01T09:10:00Z',
      '2026-06-01T09:25:00Z',
      '2026-06-01T09:40:00Z',
      '2026-06-01T09:55:00Z',
    ]);
  });

  it('lists nothing when the service is longer than the working day', () => {
    expect(starts(oneDayQuery('UTC', '2026-06-01', '09:00', '10:00', { service: { durationMinutes: 90 } }))).toEqual([]);
  });
});

describe('provider and viewer in different zones', () => {
  it('splits a Kolkata working day across two New York dates', () => {
    const q = oneDayQuery('Asia/Kolkata', '2026-06-01', '08:00', '12:00', { viewerTimeZone: 'America/New_York' });
    const days = getSlotDays(q);
    expect(days.map(({ slots, ...day }) => ({ ...day, slots: slots.map((s) => `${s.date} ${s.time}-${s.until} ${s.starts_at}`) }))).toEqual(
      [
        {
          date: '2026-05-31',
          weekday: 'Sun',
          day: 31,
          month: 'May',
          slots: ['2026-05-31 22:30-23:30 2026-06-01T02:30:00Z', '2026-05-31 23:30-00:30 2026-06-01T03:30:00Z'],
        },
        {
          date: '2026-06-01',
          weekday: 'Mon',
          day: 1,
          month: 'Jun',
          slots: ['2026-06-01 00:30-01:30 2026-06-01T04:30:00Z', '2026-06-01 01:30-02:30 2026-06-01T05:30:00Z'],
        },
      ],
    );
  });

  it('shows a Madrid day to a New York viewer six hours earlier, ids being the UTC start', () => {
    const q = oneDayQuery('Europe/Madrid', '2026-01-14', '08:00', '10:00', { viewerTimeZone: 'America/New_York' });
    expect(getSlotDays(q)).toEqual([
      {
        date: '2026-01-14',
        weekday: 'Wed',
        day: 14,
        month: 'Jan',
        slots: [
          {
            id: '2026-01-14T07:00:00Z',
            date: '2026-01-14',
            time: '02:00',
            until: '03:00',
            starts_at: '2026-01-14T07:00:00Z',
            ends_at: '2026-01-14T08:00:00Z',
            available: true,
            booked_by_you: false,
            taken: false,
          },
          {
            id: '2026-01-14T08:00:00Z',
            date: '2026-01-14',
            time: '03:00',
            until: '04:00',
            starts_at: '2026-01-14T08:00:00Z',
            ends_at: '2026-01-14T09:00:00Z',
            available: true,
            booked_by_you: false,
            taken: false,
          },
        ],
      },
    ]);
  });

  it('uses the viewer offset of each instant when the viewer changes clocks between two slots', () => {
    // Madrid works 07:00–09:00 on Sunday 2026-03-08, the night New York springs forward (07:00Z).
    const q = oneDayQuery('Europe/Madrid', '2026-03-08', '07:00', '09:00', { viewerTimeZone: 'America/New_York' });
    expect(describeSlots(getSlotDays(q))).toEqual([
      '2026-03-08T06:00:00Z 01:00-03:00 available', // 06:00Z = 01:00 EST; it ends at 07:00Z = 03:00 EDT
      '2026-03-08T07:00:00Z 03:00-04:00 available',
    ]);
  });

  it('groups a Kathmandu viewer’s days by Kathmandu dates', () => {
    const q = oneDayQuery('America/New_York', '2026-06-01', '13:00', '16:00', { viewerTimeZone: 'Asia/Kathmandu' });
    // 13:00 EDT = 17:00Z = 22:45 in Kathmandu; 14:00 EDT = 18:00Z = 23:45; 15:00 EDT = 19:00Z = 00:45 next day.
    expect(getSlotDays(q).map((d) => [d.date, d.slots.map((s) => `${s.time}-${s.until}`)])).toEqual([
      ['2026-06-01', ['22:45-23:45', '23:45-00:45']],
      ['2026-06-02', ['00:45-01:45']],
    ]);
  });
});

describe('booking notice, advance limit and window', () => {
  const day = (overrides: QueryOverrides) => starts(oneDayQuery('Europe/Madrid', '2026-06-01', '08:00', '12:00', overrides)); // 06:00Z, 07:00Z, 08:00Z, 09:00Z

  it('drops starts sooner than the notice', () => {
    expect(day({ now: '2026-06-01T05:30:00Z', policy: { minNoticeMinutes: 60 } })).toEqual([
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
      '2026-06-01T09:00:00Z',
    ]);
  });

  it('keeps a start exactly at the notice', () => {
    expect(day({ now: '2026-06-01T06:00:00Z', policy: { minNoticeMinutes: 60 } })).toEqual([
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
      '2026-06-01T09:00:00Z',
    ]);
  });

  it('drops starts that are already past with no notice', () => {
    expect(day({ now: '2026-06-01T08:00:01Z', policy: { minNoticeMinutes: 0 } })).toEqual(['2026-06-01T09:00:00Z']);
  });

  it('drops starts that are not less than maxAdvanceDays ahead', () => {
    expect(day({ now: '2026-05-31T08:00:00Z', policy: { maxAdvanceDays: 1 } })).toEqual(['2026-06-01T06:00:00Z', '2026-06-01T07:00:00Z']);
  });

  it('hours of notice beyond a day (72 h)', () => {
    expect(day({ now: '2026-05-29T07:30:00Z', policy: { minNoticeMinutes: 72 * 60 } })).toEqual([
      '2026-06-01T08:00:00Z',
      '2026-06-01T09:00:00Z',
    ]);
  });

  it('limits starts to the window [from, to)', () => {
    expect(day({ window: { from: '2026-06-01T07:00:00Z', to: '2026-06-01T09:00:00Z' } })).toEqual([
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
    ]);
  });

  it('accepts instants as epoch milliseconds', () => {
    expect(day({ window: { from: Date.UTC(2026, 5, 1, 7, 0), to: Date.UTC(2026, 5, 1, 9, 0) } })).toEqual([
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
    ]);
  });

  it('lists nothing for an empty window', () => {
    expect(day({ now: '2026-06-01T08:00:00Z', policy: { maxAdvanceDays: 0 } })).toEqual([]);
  });
});

describe('time off and holidays', () => {
  const madrid = (provider: QueryOverrides['provider'], extra: QueryOverrides = {}) =>
    starts(
      query('Europe/Madrid', {
        ...extra,
        provider: { workingHours: hours('08:00', '12:00', [1, 2, 3]), ...provider },
        window: { from: '2026-05-31T00:00:00Z', to: '2026-06-04T00:00:00Z' },
      }),
    );

  it('drops candidates overlapping time off; one starting when it ends is kept', () => {
    expect(
      madrid({ timeOff: [{ from: '2026-06-01T09:30', until: '2026-06-01T10:00' }] }).filter((s) => s.startsWith('2026-06-01')),
    ).toEqual(['2026-06-01T06:00:00Z', '2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z']);
  });

  it('keeps a candidate ending exactly when time off starts', () => {
    expect(
      madrid({ timeOff: [{ from: '2026-06-01T10:00', until: '2026-06-01T12:00' }] }).filter((s) => s.startsWith('2026-06-01')),
    ).toEqual(['2026-06-01T06:00:00Z', '2026-06-01T07:00:00Z']);
  });

  it('time off spanning several days', () => {
    expect(madrid({ timeOff: [{ from: '2026-06-01T11:00', until: '2026-06-03T09:00' }] })).toEqual([
      '2026-06-01T06:00:00Z',
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
      '2026-06-03T07:00:00Z',
      '2026-06-03T08:00:00Z',
      '2026-06-03T09:00:00Z',
    ]);
  });

  it('accepts the database form of local date-times (space, seconds)', () => {
    expect(madrid({ timeOff: [{ from: '2026-06-01 00:00:00', until: '2026-06-03 00:00:00' }] })).toEqual([
      '2026-06-03T06:00:00Z',
      '2026-06-03T07:00:00Z',
      '2026-06-03T08:00:00Z',
      '2026-06-03T09:00:00Z',
    ]);
  });

  it('skips holidays (provider-local dates) entirely', () => {
    expect(madrid({ holidays: ['2026-06-02', '2026-06-03'] })).toEqual([
      '2026-06-01T06:00:00Z',
      '2026-06-01T07:00:00Z',
      '2026-06-01T08:00:00Z',
      '2026-06-01T09:00:00Z',
    ]);
  });

  it('reads time off in the provider zone across the spring gap (a gap edge widens the period)', () => {
    // Time off from 02:30 (does not exist; earliest reading 00:30Z) until 03:30 CEST (01:30Z).
    const q = oneDayQuery('Europe/Madrid', '2026-03-29', '01:00', '04:00', {
      service: { durationMinutes: 30 },
      provider: { timeOff: [{ from: '2026-03-29T02:30', until: '2026-03-29T03:30' }] },
    });
    expect(starts(q)).toEqual(['2026-03-29T00:00:00Z', '2026-03-29T01:30:00Z']);
  });

  it('ignores unavailable weekday rows', () => {
    const q = query('UTC', {
      provider: {
        workingHours: [
          { weekday: 1, available: false, from: '08:00', to: '10:00' },
          { weekday: 2, available: true, from: '08:00', to: '10:00' },
        ],
      },
      window: { from: '2026-06-01T00:00:00Z', to: '2026-06-03T00:00:00Z' },
    });
    expect(starts(q)).toEqual(['2026-06-02T08:00:00Z', '2026-06-02T09:00:00Z']);
  });
});

describe('busy time', () => {
  const day = (overrides: QueryOverrides) =>
    describeSlots(getSlotDays(oneDayQuery('Europe/Madrid', '2026-06-01', '08:00', '11:00', overrides)));

  it('marks a candidate overlapping busy time taken; touching ends do not block (half-open)', () => {
    expect(
      day({
        busy: [
          { start: '2026-06-01T05:00:00Z', end: '2026-06-01T06:00:00Z' }, // ends as 08:00 starts
          { start: '2026-06-01T07:15:00Z', end: '2026-06-01T07:30:00Z' }, // inside 09:00–10:00
          { start: '2026-06-01T09:00:00Z', end: '2026-06-01T10:00:00Z' }, // starts as 10:00–11:00 ends
        ],
      }),
    ).toEqual([
      '2026-06-01T06:00:00Z 08:00-09:00 available',
      '2026-06-01T07:00:00Z 09:00-10:00 taken',
      '2026-06-01T08:00:00Z 10:00-11:00 available',
    ]);
  });

  it('handles overlapping and unsorted busy intervals', () => {
    expect(
      day({
        busy: [
          { start: '2026-06-01T08:30:00Z', end: '2026-06-01T08:45:00Z' },
          { start: '2026-06-01T06:59:00Z', end: '2026-06-01T07:01:00Z' },
          { start: '2026-06-01T06:30:00Z', end: '2026-06-01T07:00:00Z' },
        ],
      }),
    ).toEqual([
      '2026-06-01T06:00:00Z 08:00-09:00 taken',
      '2026-06-01T07:00:00Z 09:00-10:00 taken',
      '2026-06-01T08:00:00Z 10:00-11:00 taken',
    ]);
  });

  it('shows the viewer’s own booking of a candidate as booked_by_you; it still makes other candidates taken', () => {
    const mine = { start: '2026-06-01T07:00:00Z', end: '2026-06-01T08:00:00Z' };
    expect(day({ busy: [mine], viewerBookings: [mine], stepMinutes: 30 })).toEqual([
      '2026-06-01T06:00:00Z 08:00-09:00 available',
      '2026-06-01T06:30:00Z 08:30-09:30 taken',
      '2026-06-01T07:00:00Z 09:00-10:00 mine',
      '2026-06-01T07:30:00Z 09:30-10:30 taken',
      '2026-06-01T08:00:00Z 10:00-11:00 available',
    ]);
  });

  it('a viewer booking of another length is not this candidate', () => {
    const mine = { start: '2026-06-01T07:00:00Z', end: '2026-06-01T07:30:00Z' };
    expect(day({ busy: [mine], viewerBookings: [mine] })).toEqual([
      '2026-06-01T06:00:00Z 08:00-09:00 available',
      '2026-06-01T07:00:00Z 09:00-10:00 taken',
      '2026-06-01T08:00:00Z 10:00-11:00 available',
    ]);
  });

  it('the low-level list carries the same statuses as instants', () => {
    const q = oneDayQuery('Europe/Madrid', '2026-06-01', '08:00', '10:00', {
      busy: [{ start: '2026-06-01T06:00:00Z', end: '2026-06-01T06:01:00Z' }],
    });
    expect(appointmentSlotInstants(q)).toEqual([
      { id: null, startMs: Date.UTC(2026, 5, 1, 6), endMs: Date.UTC(2026, 5, 1, 7), status: 'taken' },
      { id: null, startMs: Date.UTC(2026, 5, 1, 7), endMs: Date.UTC(2026, 5, 1, 8), status: 'available' },
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown zone', query('Mars/Olympus')],
    ['from not before to', query('UTC', { provider: { workingHours: hours('10:00', '10:00') } })],
    ['a malformed time', query('UTC', { provider: { workingHours: hours('8:00', '10:00') } })],
    ['a weekday twice', query('UTC', { provider: { workingHours: [...hours('08:00', '10:00', [1]), ...hours('11:00', '12:00', [1])] } })],
    ['a zero duration', query('UTC', { service: { durationMinutes: 0 } })],
    ['a fractional step', query('UTC', { stepMinutes: 7.5 })],
    ['a negative notice', query('UTC', { policy: { minNoticeMinutes: -1 } })],
    ['an instant without zone', query('UTC', { now: '2026-06-01T10:00:00' })],
    ['an impossible holiday', query('UTC', { provider: { holidays: ['2026-02-30'] } })],
    [
      'time off ending before it starts',
      query('UTC', { provider: { timeOff: [{ from: '2026-06-02T10:00', until: '2026-06-02T09:00' }] } }),
    ],
  ])('rejects %s with a RangeError', (_name, q) => {
    expect(() => getSlotDays({ ...q, window: q.window ?? { from: '2020-01-01T00:00:00Z', to: '2020-01-08T00:00:00Z' } })).toThrow(
      RangeError,
    );
  });
});
