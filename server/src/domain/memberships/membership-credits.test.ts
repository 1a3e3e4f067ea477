/** Credits per period, which group pays, which memberships can pay, and My passes' availability. */
import { describe, expect, it } from 'vitest';
import { groupToDraw, membershipState, membershipSummary, periodCredits, serviceAvailability, usableMemberships } from './index.ts';
import type { CreditUse, Membership, PlanGroup } from './types.ts';
import { must } from '../../../test/support/must.ts';

const YOGA = 1;
const PILATES = 2;
const BOXING = 3;
const MASSAGE = 4;

/** Monthly in Madrid from 15 January 2026, 11:00 local; periods turn over on the 15th at 00:00 local. */
function membership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: 'm1',
    startedAt: '2026-01-15T10:00:00Z',
    interval: 'month',
    expiresInMonths: null,
    cancelledAt: null,
    timeZone: 'Europe/Madrid',
    groups: [{ id: 10, quantity: 2, serviceIds: [YOGA, PILATES] }],
    uses: [],
    ...overrides,
  };
}

const use = (groupId: number, startsAt: string): CreditUse => ({ groupId, startsAt });

/** Books a session with the first usable membership, as the service's deduct-membership would. */
function book(m: Membership, serviceId: number, startsAt: string): Membership {
  const [usable] = usableMemberships([m], serviceId, startsAt);
  if (!usable) throw new Error(`no credit for ${serviceId} at ${startsAt}`);
  return { ...m, uses: [...m.uses, use(usable.groupId, startsAt)] };
}

describe('credits of a period', () => {
  it('count the bookings whose session starts in the period, per group and in total', () => {
    const m = membership({
      groups: [
        { id: 10, quantity: 2, serviceIds: [YOGA] },
        { id: 11, quantity: 3, serviceIds: [PILATES] },
      ],
      uses: [use(10, '2026-02-16T09:00:00Z'), use(11, '2026-02-20T09:00:00Z'), use(11, '2026-03-01T09:00:00Z')],
    });
    const { period } = membershipState(m, '2026-02-20T00:00:00Z');
    expect(periodCredits(m.groups, m.uses, must(period, 'period'))).toEqual({
      groups: [
        { id: 10, serviceIds: [YOGA], quantity: 2, used: 1, available: 1 },
        { id: 11, serviceIds: [PILATES], quantity: 3, used: 2, available: 1 },
      ],
      quantity_count: 5,
      used_count: 3,
      available_count: 2,
    });
  });

  it('do not count bookings of the previous or the next period', () => {
    const m = membership({
      uses: [
        use(10, '2026-02-14T22:59:00Z'), // 23:59 on 14 February in Madrid: the first period
        use(10, '2026-02-14T23:00:00Z'), // 00:00 on 15 February: the second
        use(10, '2026-03-14T23:00:00Z'), // 00:00 on 15 March: the third
      ],
    });
    const counts = (at: string) =>
      periodCredits(m.groups, m.uses, must(membershipState(m, at).period, 'membershipState(m, at).period')).used_count;
    expect([
      counts('2026-02-01T00:00:00Z'),
      counts('2026-03-01T00:00:00Z'),
      counts('2026-03-20T00:00:00Z'),
      counts('2026-04-20T00:00:00Z'),
    ]).toEqual([1, 1, 1, 0]);
  });

  it('never go below zero when more bookings hold credits than the plan now grants', () => {
    const m = membership({
      groups: [{ id: 10, quantity: 1, serviceIds: [YOGA] }],
      uses: [use(10, '2026-01-20T09:00:00Z'), use(10, '2026-01-21T09:00:00Z')],
    });
    expect(
      periodCredits(
        m.groups,
        m.uses,
        must(membershipState(m, '2026-01-20T00:00:00Z').period, "membershipState(m, '2026-01-20T00:00:00Z').period"),
      ),
    ).toMatchObject({
      used_count: 2,
      available_count: 0,
    });
  });

  it('ignore bookings of a group the plan no longer has', () => {
    const m = membership({ uses: [use(99, '2026-01-20T09:00:00Z')] });
    expect(
      periodCredits(
        m.groups,
        m.uses,
        must(membershipState(m, '2026-01-20T00:00:00Z').period, "membershipState(m, '2026-01-20T00:00:00Z').period"),
      ).used_count,
    ).toBe(0);
  });

  it('of a single payment span its whole validity', () => {
    const m = membership({ interval: null, expiresInMonths: 3, uses: [use(10, '2026-01-20T09:00:00Z'), use(10, '2026-04-10T09:00:00Z')] });
    expect(usableMemberships([m], YOGA, '2026-04-14T20:00:00Z')).toEqual([]);
    expect(
      periodCredits(
        m.groups,
        m.uses,
        must(membershipState(m, '2026-02-01T00:00:00Z').period, "membershipState(m, '2026-02-01T00:00:00Z').period"),
      ).available_count,
    ).toBe(0);
  });
});

describe('the group a booking draws from', () => {
  const groups: PlanGroup[] = [
    { id: 10, quantity: 1, serviceIds: [YOGA, PILATES, BOXING] },
    { id: 11, quantity: 1, serviceIds: [YOGA, PILATES] },
    { id: 12, quantity: 1, serviceIds: [YOGA] },
    { id: 13, quantity: 1, serviceIds: [BOXING, MASSAGE] },
  ];

  it('is the one covering the fewest services, keeping wider credits for last', () => {
    let m = membership({ groups });
    const drawn: number[] = [];
    for (const day of ['16', '17', '18']) {
      m = book(m, YOGA, `2026-01-${day}T09:00:00Z`);
      drawn.push(must(m.uses.at(-1), 'm.uses.at(-1)').groupId);
    }
    expect(drawn).toEqual([12, 11, 10]);
    expect(usableMemberships([m], YOGA, '2026-01-19T09:00:00Z')).toEqual([]);
    expect(usableMemberships([m], MASSAGE, '2026-01-19T09:00:00Z').map((u) => u.groupId)).toEqual([13]);
  });

  it("goes to the plan's order between groups of the same width", () => {
    const a: PlanGroup = { id: 20, quantity: 1, serviceIds: [BOXING, MASSAGE] };
    const b: PlanGroup = { id: 21, quantity: 1, serviceIds: [BOXING, YOGA] };
    const period = { index: 0, startMs: 0, endMs: 1 };
    expect(groupToDraw(periodCredits([a, b], [], period), BOXING)).toBe(20);
    expect(groupToDraw(periodCredits([b, a], [], period), BOXING)).toBe(21);
  });

  it('counts a service listed twice in a group once', () => {
    const twice: PlanGroup = { id: 20, quantity: 1, serviceIds: [YOGA, YOGA] };
    const wide: PlanGroup = { id: 21, quantity: 1, serviceIds: [YOGA, PILATES] };
    expect(groupToDraw(periodCredits([wide, twice], [], { index: 0, startMs: 0, endMs: 1 }), YOGA)).toBe(20);
  });

  it('is none for a service no group covers', () => {
    expect(groupToDraw(periodCredits(groups, [], { index: 0, startMs: 0, endMs: 1 }), 77)).toBeNull();
  });
});

describe('memberships usable for a booking', () => {
  it("are those valid at the session's start with credit left in that session's period", () => {
    let m = membership();
    m = book(m, YOGA, '2026-02-20T09:00:00Z');
    m = book(m, PILATES, '2026-02-21T09:00:00Z');
    // February's period (15 Feb – 15 Mar) is used up, March's is untouched.
    expect(usableMemberships([m], YOGA, '2026-03-14T22:00:00Z')).toEqual([]);
    const [next] = usableMemberships([m], YOGA, '2026-03-14T23:00:00Z');
    expect(next).toMatchObject({ membership: m, groupId: 10, period: { index: 2 }, credits: { used_count: 0, available_count: 2 } });
  });

  it('exclude a session before the purchase or after the end of access', () => {
    const cancelled = membership({ cancelledAt: '2026-02-01T00:00:00Z' }); // benefits until 15 February
    expect(usableMemberships([cancelled], YOGA, '2026-01-15T09:59:00Z')).toEqual([]);
    expect(usableMemberships([cancelled], YOGA, '2026-02-14T22:59:00Z')).toHaveLength(1);
    expect(usableMemberships([cancelled], YOGA, '2026-02-14T23:00:00Z')).toEqual([]);
  });

  it('exclude a membership whose groups do not cover the service', () => {
    expect(usableMemberships([membership()], BOXING, '2026-01-20T09:00:00Z')).toEqual([]);
  });

  it("keep the caller's order and rows", () => {
    const a = { ...membership({ id: 'a' }), name: 'Gold' };
    const b = { ...membership({ id: 'b', interval: null, expiresInMonths: 1 }), name: 'Pass' };
    expect(usableMemberships([b, a], YOGA, '2026-01-20T09:00:00Z').map((u) => u.membership.name)).toEqual(['Pass', 'Gold']);
  });

  it('get a credit back when a cancelled booking is no longer among its uses', () => {
    let m = book(book(membership(), YOGA, '2026-01-20T09:00:00Z'), YOGA, '2026-01-21T09:00:00Z');
    expect(usableMemberships([m], YOGA, '2026-01-22T09:00:00Z')).toEqual([]);
    m = { ...m, uses: m.uses.slice(1) };
    expect(usableMemberships([m], YOGA, '2026-01-22T09:00:00Z')).toHaveLength(1);
  });
});

describe('a renewal Stripe could not charge', () => {
  // Renews on the 15th (Madrid, 00:00 local): the renewal of 15 February failed.
  const unpaid = () => membership({ unpaidFrom: '2026-02-14T23:00:00Z' });

  it('keeps the paid period usable and refuses the unpaid one and later ones', () => {
    const m = unpaid();
    expect(usableMemberships([m], YOGA, '2026-02-14T22:59:00Z')).toHaveLength(1);
    expect(usableMemberships([m], YOGA, '2026-02-14T23:00:00Z')).toEqual([]);
    expect(usableMemberships([m], YOGA, '2026-04-20T09:00:00Z')).toEqual([]);
  });

  it('shows nothing available in the unpaid period, still renewing', () => {
    expect(membershipSummary(unpaid(), '2026-02-20T00:00:00Z')).toMatchObject({
      active: true,
      unpaid: true,
      renewal_day: '2026-03-15',
      credits: { quantity_count: 2, used_count: 0, available_count: 0 },
    });
    expect(membershipSummary(unpaid(), '2026-02-10T00:00:00Z')).toMatchObject({ unpaid: false, credits: { available_count: 2 } });
    const passes = serviceAvailability([unpaid()], '2026-02-20T00:00:00Z');
    expect(passes.map((s) => s.available_count)).toEqual([0, 0]);
  });

  it('once given up, ends access at the start of the first unpaid period', () => {
    const ended = membership({ endsInPeriodOf: '2026-02-20T00:00:00Z', unpaidFrom: '2026-02-14T23:00:00Z' });
    expect(membershipState(ended, '2026-02-10T00:00:00Z')).toMatchObject({
      active: true,
      renewal_day: null,
      expiration_day: '2026-02-15',
      expiresAtMs: Date.parse('2026-02-14T23:00:00Z'),
    });
    expect(membershipState(ended, '2026-02-20T00:00:00Z').active).toBe(false);
    expect(usableMemberships([ended], YOGA, '2026-02-14T23:00:00Z')).toEqual([]);
  });

  it('ends at the earlier of the cancellation and the end Stripe gave', () => {
    const cancelledFirst = membership({ cancelledAt: '2026-01-20T00:00:00Z', endsInPeriodOf: '2026-03-20T00:00:00Z' });
    expect(membershipState(cancelledFirst, '2026-01-20T00:00:00Z').expiration_day).toBe('2026-02-15');
    const givenUpFirst = membership({ cancelledAt: '2026-03-20T00:00:00Z', endsInPeriodOf: '2026-02-20T00:00:00Z' });
    expect(membershipState(givenUpFirst, '2026-01-20T00:00:00Z').expiration_day).toBe('2026-02-15');
    // Given up within the first period: it never gave access past its start.
    const never = membership({ endsInPeriodOf: '2026-01-20T00:00:00Z' });
    expect(membershipState(never, '2026-01-20T00:00:00Z')).toMatchObject({ active: false, expiration_day: '2026-01-15' });
  });
});

describe('membership summaries', () => {
  it("show the current period's counts and the renewal day of an active membership", () => {
    const m = membership({ uses: [use(10, '2026-02-20T09:00:00Z')] });
    expect(membershipSummary(m, '2026-02-16T00:00:00Z')).toMatchObject({
      active: true,
      renewal_day: '2026-03-15',
      expiration_day: null,
      credits: { quantity_count: 2, used_count: 1, available_count: 1 },
    });
  });

  it("show the last period's use and nothing available once it has expired", () => {
    const m = membership({ interval: null, expiresInMonths: 1, uses: [use(10, '2026-01-20T09:00:00Z')] });
    expect(membershipSummary(m, '2026-03-01T00:00:00Z')).toMatchObject({
      active: false,
      expiration_day: '2026-02-15',
      credits: { quantity_count: 2, used_count: 1, available_count: 0, groups: [{ used: 1, available: 0 }] },
    });
    const cancelled = membership({ cancelledAt: '2026-02-20T00:00:00Z', uses: [use(10, '2026-03-01T09:00:00Z')] });
    expect(membershipSummary(cancelled, '2026-06-01T00:00:00Z')).toMatchObject({
      active: false,
      expiration_day: '2026-03-15',
      credits: { used_count: 1, available_count: 0 },
    });
  });

  it("show the first period's quantities, none available, before it starts", () => {
    expect(membershipSummary(membership(), '2026-01-15T09:00:00Z')).toMatchObject({
      active: false,
      renewal_day: null,
      credits: { quantity_count: 2, used_count: 0, available_count: 0 },
    });
  });
});

describe('My passes → Services', () => {
  it('lists per service the sessions bookable without paying, by days until those credits expire', () => {
    const monthlyPass = membership({
      id: 'monthly',
      groups: [
        { id: 10, quantity: 4, serviceIds: [YOGA, PILATES] },
        { id: 11, quantity: 1, serviceIds: [YOGA] },
      ],
      uses: [use(10, '2026-03-02T09:00:00Z'), use(10, '2026-02-20T09:00:00Z'), use(10, '2026-03-20T09:00:00Z')],
    });
    const bundle = membership({
      id: 'bundle',
      startedAt: '2026-02-20T10:00:00Z',
      interval: null,
      expiresInMonths: 3,
      groups: [{ id: 20, quantity: 5, serviceIds: [YOGA, BOXING] }],
    });
    const expired = membership({
      id: 'old',
      startedAt: '2025-01-01T10:00:00Z',
      interval: null,
      expiresInMonths: 1,
      groups: [{ id: 30, quantity: 9, serviceIds: [MASSAGE] }],
    });
    // 1 March 2026 at 10:00 in Madrid: the monthly period ends 15 March (14 days), the bundle on 20 May (80 days).
    expect(serviceAvailability([monthlyPass, bundle, expired], '2026-03-01T09:00:00Z')).toEqual([
      {
        serviceId: YOGA,
        available_count: 8,
        availability: [
          { expires_in_days: 14, count: 3 },
          { expires_in_days: 80, count: 5 },
        ],
      },
      { serviceId: PILATES, available_count: 2, availability: [{ expires_in_days: 14, count: 2 }] },
      { serviceId: BOXING, available_count: 5, availability: [{ expires_in_days: 80, count: 5 }] },
    ]);
  });

  it('adds up credits that expire on the same day and lists a service with none left', () => {
    const a = membership({ id: 'a', groups: [{ id: 10, quantity: 1, serviceIds: [YOGA] }] });
    const b = membership({
      id: 'b',
      groups: [
        { id: 20, quantity: 2, serviceIds: [YOGA] },
        { id: 21, quantity: 1, serviceIds: [PILATES] },
      ],
      uses: [use(21, '2026-01-20T09:00:00Z')],
    });
    expect(serviceAvailability([a, b], '2026-01-20T00:00:00Z')).toEqual([
      { serviceId: YOGA, available_count: 3, availability: [{ expires_in_days: 26, count: 3 }] },
      { serviceId: PILATES, available_count: 0, availability: [] },
    ]);
  });

  it("counts calendar days in the provider's zone across a clock change", () => {
    // 28 March 2026 at 23:30 in Madrid; the period ends at 00:00 on 15 April, 18 days later, one of them 23 hours long.
    expect(
      must(serviceAvailability([membership()], '2026-03-28T22:30:00Z')[0], "serviceAvailability([membership()], '2026-03-28T22:30:00Z')[0]")
        .availability,
    ).toEqual([{ expires_in_days: 18, count: 2 }]);
    // Kiritimati (UTC+14): bought at 00:00 on 16 January there; 10:00 UTC on 14 February is already
    // the 15th, the last day of the first period.
    const far = membership({ startedAt: '2026-01-15T10:00:00Z', timeZone: 'Pacific/Kiritimati' });
    expect(membershipState(far, '2026-01-15T10:00:00Z').renewal_day).toBe('2026-02-16');
    expect(
      must(serviceAvailability([far], '2026-02-14T10:00:00Z')[0], "serviceAvailability([far], '2026-02-14T10:00:00Z')[0]").availability,
    ).toEqual([{ expires_in_days: 1, count: 2 }]);
  });
});
