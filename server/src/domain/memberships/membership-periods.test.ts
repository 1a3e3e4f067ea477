/** Periods, validity, renewal and expiry days, against hand-worked dates and offsets. */
import { describe, expect, it } from 'vitest';
import { cancellable, membershipState } from './index.ts';
import type { MembershipState, MembershipTerms, ValidityMonths } from './types.ts';
import { must } from '../../../test/support/must.ts';

const utc = (iso: string) => Date.parse(iso);

function monthly(startedAt: string, timeZone = 'Europe/Madrid', cancelledAt: string | null = null): MembershipTerms {
  return { startedAt, interval: 'month', expiresInMonths: null, cancelledAt, timeZone };
}

function single(startedAt: string, months: ValidityMonths, timeZone = 'Europe/Madrid'): MembershipTerms {
  return { startedAt, interval: null, expiresInMonths: months, cancelledAt: null, timeZone };
}

/** The first `n` periods of a renewing membership as [start, end) ISO instants and the renewal day. */
function periods(terms: MembershipTerms, n: number): [string, string, string][] {
  const out: [string, string, string][] = [];
  let at = utc(String(terms.startedAt));
  for (let i = 0; i < n; i++) {
    const state: MembershipState = membershipState(terms, at);
    expect(state.period?.index).toBe(i);
    out.push([
      new Date(must(state.period, 'state.period').startMs).toISOString(),
      new Date(must(state.period, 'state.period').endMs).toISOString(),
      must(state.renewal_day, 'state.renewal_day'),
    ]);
    at = must(state.renewsAtMs, 'state.renewsAtMs');
  }
  return out;
}

describe('monthly periods', () => {
  it('renew on the start day, clamped to the last day of shorter months (31 Jan → 28 Feb → 31 Mar)', () => {
    // Madrid is UTC+1 in winter and UTC+2 from 29 March 2026.
    expect(periods(monthly('2026-01-31T09:00:00Z'), 4)).toEqual([
      ['2026-01-31T09:00:00.000Z', '2026-02-27T23:00:00.000Z', '2026-02-28'],
      ['2026-02-27T23:00:00.000Z', '2026-03-30T22:00:00.000Z', '2026-03-31'],
      ['2026-03-30T22:00:00.000Z', '2026-04-29T22:00:00.000Z', '2026-04-30'],
      ['2026-04-29T22:00:00.000Z', '2026-05-30T22:00:00.000Z', '2026-05-31'],
    ]);
  });

  it('renew on 29 February in a leap year', () => {
    expect(periods(monthly('2028-01-31T12:00:00Z'), 3).map((p) => p[2])).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
    expect(periods(monthly('2028-01-30T12:00:00Z'), 3).map((p) => p[2])).toEqual(['2028-02-29', '2028-03-30', '2028-04-30']);
  });

  it('started on 29 February renews on the 29th, and on 28 February in a common year', () => {
    const days = periods(monthly('2028-02-29T12:00:00Z'), 12).map((p) => p[2]);
    expect(days.slice(0, 2)).toEqual(['2028-03-29', '2028-04-29']);
    expect(days.slice(-2)).toEqual(['2029-01-29', '2029-02-28']);
  });

  it("turn over at the provider's midnight, so the whole renewal day belongs to the new period", () => {
    const terms = monthly('2026-01-15T17:30:00Z'); // 18:30 in Madrid
    expect(membershipState(terms, '2026-02-14T22:59:59Z').period?.index).toBe(0); // 23:59:59 on 14 Feb
    expect(membershipState(terms, '2026-02-14T23:00:00Z').period?.index).toBe(1); // 00:00 on 15 Feb
    expect(membershipState(terms, '2026-01-15T17:29:59Z')).toMatchObject({ active: false, period: null, renewal_day: null });
  });

  it('keep the wall clock across daylight-saving changes in Europe/Madrid', () => {
    // 25 October 2026: the clocks go back at 03:00; the period after it is 31 days and 1 hour long.
    expect(periods(monthly('2026-09-25T08:00:00Z'), 3)).toEqual([
      ['2026-09-25T08:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25'],
      ['2026-10-24T22:00:00.000Z', '2026-11-24T23:00:00.000Z', '2026-11-25'],
      ['2026-11-24T23:00:00.000Z', '2026-12-24T23:00:00.000Z', '2026-12-25'],
    ]);
    // 29 March 2026 (clocks forward at 02:00) is itself a renewal day.
    expect(periods(monthly('2026-01-29T10:00:00Z'), 3)[2]).toEqual(['2026-03-28T23:00:00.000Z', '2026-04-28T22:00:00.000Z', '2026-04-29']);
  });

  it('keep the wall clock across daylight-saving changes in America/New_York', () => {
    expect(periods(monthly('2026-02-08T15:00:00Z', 'America/New_York'), 2)).toEqual([
      ['2026-02-08T15:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-08'],
      ['2026-03-08T05:00:00.000Z', '2026-04-08T04:00:00.000Z', '2026-04-08'],
    ]);
    expect(periods(monthly('2026-10-01T15:00:00Z', 'America/New_York'), 2)).toEqual([
      ['2026-10-01T15:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-01'],
      ['2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z', '2026-12-01'],
    ]);
  });

  it('start a renewal day whose midnight is skipped when its clock jumps (America/Santiago)', () => {
    // 6 September 2026: Santiago's clocks jump from 00:00 to 01:00 (04:00 UTC).
    expect(periods(monthly('2026-08-06T15:00:00Z', 'America/Santiago'), 2)).toEqual([
      ['2026-08-06T15:00:00.000Z', '2026-09-06T04:00:00.000Z', '2026-09-06'],
      ['2026-09-06T04:00:00.000Z', '2026-10-06T03:00:00.000Z', '2026-10-06'],
    ]);
  });

  it("count days in the provider's zone, even far from UTC", () => {
    // 12:00 UTC on 30 January is 02:00 on 31 January in Kiritimati (UTC+14).
    expect(periods(monthly('2026-01-30T12:00:00Z', 'Pacific/Kiritimati'), 2)).toEqual([
      ['2026-01-30T12:00:00.000Z', '2026-02-27T10:00:00.000Z', '2026-02-28'],
      ['2026-02-27T10:00:00.000Z', '2026-03-30T10:00:00.000Z', '2026-03-31'],
    ]);
    // 10:00 UTC on 31 January is already 1 February there, so it renews on the 1st.
    expect(
      must(
        periods(monthly('2026-01-31T10:00:00Z', 'Pacific/Kiritimati'), 1)[0],
        "periods(monthly('2026-01-31T10:00:00Z', 'Pacific/Kiritimati'), 1)[0]",
      )[2],
    ).toBe('2026-03-01');
    // Kathmandu is UTC+5:45: 20:00 UTC on 31 January is 01:45 on 1 February.
    expect(periods(monthly('2026-01-31T20:00:00Z', 'Asia/Kathmandu'), 1)[0]).toEqual([
      '2026-01-31T20:00:00.000Z',
      '2026-02-28T18:15:00.000Z',
      '2026-03-01',
    ]);
  });

  it('find the period of an instant years later', () => {
    const state = membershipState(monthly('2026-01-31T09:00:00Z'), '2031-02-28T12:00:00Z');
    expect(state.period).toEqual({ index: 61, startMs: utc('2031-02-27T23:00:00Z'), endMs: utc('2031-03-30T22:00:00Z') });
    expect(state.renewal_day).toBe('2031-03-31');
  });

  it('accept Date instants and epoch milliseconds as the database and callers give them', () => {
    const fromDate = membershipState(
      { ...monthly('2026-01-31T09:00:00Z'), startedAt: new Date('2026-01-31T09:00:00Z') },
      utc('2026-02-10T00:00:00Z'),
    );
    expect(fromDate.renewal_day).toBe('2026-02-28');
  });
});

describe('cancelling a monthly membership', () => {
  const started = '2026-01-15T10:00:00Z';
  const cancelled = monthly(started, 'Europe/Madrid', '2026-03-20T12:00:00Z');

  it('is possible only while it is active and renewing', () => {
    expect(cancellable(monthly(started), '2026-03-19T00:00:00Z')).toBe(true);
    expect(cancellable(monthly(started), '2026-01-15T09:59:59Z')).toBe(false);
    expect(cancellable(cancelled, '2026-03-21T00:00:00Z')).toBe(false);
    expect(cancellable(single(started, 12), '2026-03-19T00:00:00Z')).toBe(false);
  });

  it('stops renewal and keeps benefits until the renewal day', () => {
    // The period holding the cancellation runs to 15 April, 00:00 in Madrid (22:00 UTC on the 14th).
    expect(membershipState(cancelled, '2026-04-14T21:59:59Z')).toEqual({
      active: true,
      period: { index: 2, startMs: utc('2026-03-14T23:00:00Z'), endMs: utc('2026-04-14T22:00:00Z') },
      renewal_day: null,
      renewsAtMs: null,
      expiration_day: '2026-04-15',
      expiresAtMs: utc('2026-04-14T22:00:00Z'),
      unpaid: false,
    });
    expect(membershipState(cancelled, '2026-04-14T22:00:00Z')).toMatchObject({ active: false, period: null, expiration_day: '2026-04-15' });
  });

  it('in its first period ends on the first renewal day', () => {
    const state = membershipState(monthly(started, 'Europe/Madrid', '2026-01-15T10:05:00Z'), '2026-02-01T00:00:00Z');
    expect(state).toMatchObject({ active: true, renewal_day: null, expiration_day: '2026-02-15' });
  });

  it('at the very instant of a renewal keeps the period that has just begun', () => {
    const state = membershipState(monthly(started, 'Europe/Madrid', '2026-02-14T23:00:00Z'), '2026-02-20T00:00:00Z');
    expect(state.expiration_day).toBe('2026-03-15');
  });
});

describe('single payments', () => {
  it.each([
    [1, '2026-02-28', '2026-02-27T23:00:00Z'],
    [3, '2026-04-30', '2026-04-29T22:00:00Z'],
    [6, '2026-07-31', '2026-07-30T22:00:00Z'],
    [12, '2027-01-31', '2027-01-30T23:00:00Z'],
  ] as const)('valid %i months from 31 January end on %s', (months, day, end) => {
    const terms = single('2026-01-31T09:00:00Z', months);
    const during = membershipState(terms, utc(end) - 1);
    expect(during).toEqual({
      active: true,
      period: { index: 0, startMs: utc('2026-01-31T09:00:00Z'), endMs: utc(end) },
      renewal_day: null,
      renewsAtMs: null,
      expiration_day: day,
      expiresAtMs: utc(end),
      unpaid: false,
    });
    expect(membershipState(terms, end)).toMatchObject({ active: false, period: null, expiration_day: day });
  });

  it('are one period over the whole validity', () => {
    const terms = single('2026-01-10T09:00:00Z', 6);
    expect(membershipState(terms, '2026-02-20T00:00:00Z').period).toEqual(membershipState(terms, '2026-06-20T00:00:00Z').period);
  });

  it('ignore a cancellation (they cannot be cancelled)', () => {
    const terms = { ...single('2026-01-10T09:00:00Z', 3), cancelledAt: '2026-01-11T00:00:00Z' };
    expect(membershipState(terms, '2026-03-01T00:00:00Z')).toMatchObject({ active: true, expiration_day: '2026-04-10' });
  });
});

describe('bad terms', () => {
  it.each([
    [{ interval: 'month', expiresInMonths: 3 }],
    [{ interval: null, expiresInMonths: null }],
    [{ interval: null, expiresInMonths: 2 }],
  ])('%o is refused', (kind) => {
    expect(() => membershipState({ ...monthly('2026-01-01T00:00:00Z'), ...kind } as MembershipTerms, '2026-01-02T00:00:00Z')).toThrow(
      RangeError,
    );
  });

  it('an unknown zone or an unreadable instant is refused', () => {
    expect(() => membershipState(monthly('2026-01-01T00:00:00Z', 'Nowhere/Atlantis'), '2026-01-02T00:00:00Z')).toThrow(RangeError);
    expect(() => membershipState(monthly('2026-02-30T00:00:00Z'), '2026-03-02T00:00:00Z')).toThrow(RangeError);
    expect(() => membershipState({ ...monthly('2026-01-01T00:00:00Z'), startedAt: new Date(NaN) }, 0)).toThrow(RangeError);
  });
});
