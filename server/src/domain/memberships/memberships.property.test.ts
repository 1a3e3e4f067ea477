/**
 * Property-based tests over random zones (daylight-saving, a skipped midnight, far from UTC),
 * start instants, cancellations, plans and booking sequences. Boundaries are checked against
 * Temporal directly (the start of the local day the start date plus k months falls on).
 */
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { membershipState, periodCredits, serviceAvailability, usableMemberships } from './index.ts';
import type { CreditUse, Membership, MembershipPeriod, MembershipTerms, PlanGroup, ValidityMonths } from './types.ts';
import { must } from '../../../test/support/must.ts';

const ZONES = [
  'Europe/Madrid',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'UTC',
];
const DAY = 86_400_000;
const RUNS = 200;

const zone = fc.constantFrom(...ZONES);
const instant = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2032-01-01T00:00:00Z') });
const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

/** Temporal's answer for boundary k ≥ 1: the start of the local day k months after the start date. */
function expectedBoundary(startMs: number, timeZone: string, k: number): { ms: number; day: string } {
  const date = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(timeZone).toPlainDate().add({ months: k });
  return { ms: date.toZonedDateTime({ timeZone }).epochMilliseconds, day: date.toString() };
}

/** The first `n` periods of a renewing monthly membership, walked renewal by renewal. */
function walk(terms: MembershipTerms, n: number): MembershipPeriod[] {
  const out: MembershipPeriod[] = [];
  let at = Number(terms.startedAt);
  for (let i = 0; i < n; i++) {
    const period = must(membershipState(terms, at).period, 'membershipState(terms, at).period');
    out.push(period);
    at = period.endMs;
  }
  return out;
}

const monthly = (startedAt: number, timeZone: string, cancelledAt: number | null = null): MembershipTerms => ({
  startedAt,
  interval: 'month',
  expiresInMonths: null,
  cancelledAt,
  timeZone,
});

describe('the end Stripe gives and unpaid renewals', () => {
  it('a credit pays only for a session in a covered period: before the earlier end, and not in an unpaid one', () => {
    fc.assert(
      fc.property(
        zone,
        instant,
        fc.option(fc.integer({ min: 0, max: 400 * DAY })),
        fc.option(fc.integer({ min: 0, max: 400 * DAY })),
        fc.option(fc.integer({ min: 0, max: 400 * DAY })),
        fc.array(fc.integer({ min: 0, max: 500 * DAY }), { maxLength: 8 }),
        (timeZone, start, cancelAfter, endAfter, unpaidAfter, sessions) => {
          const base = monthly(start, timeZone, cancelAfter === null ? null : start + cancelAfter);
          const terms: Membership = {
            ...base,
            id: 'm',
            endsInPeriodOf: endAfter === null ? null : start + endAfter,
            unpaidFrom: unpaidAfter === null ? null : start + unpaidAfter,
            groups: [{ id: 1, quantity: 1_000, serviceIds: [1] }],
            uses: [],
          };
          const state = membershipState(terms, start);
          const renewing = monthly(start, timeZone);
          const periodAt = (after: number) =>
            must(membershipState(renewing, start + after).period, 'membershipState(renewing, start + after).period');
          const cancelEnd = cancelAfter === null ? Infinity : periodAt(cancelAfter).endMs;
          const givenEnd = endAfter === null ? Infinity : periodAt(endAfter).startMs;
          const unpaidStart = unpaidAfter === null ? Infinity : periodAt(unpaidAfter).startMs;
          expect(state.expiresAtMs ?? Infinity).toBe(Math.min(cancelEnd, givenEnd));
          for (const after of sessions) {
            const at = start + after;
            const usable = usableMemberships([terms], 1, at).length > 0;
            expect(usable).toBe(at < Math.min(cancelEnd, givenEnd, unpaidStart));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('periods', () => {
  it('of a monthly membership tile time from the start, each turning over where Temporal says', () => {
    fc.assert(
      fc.property(zone, instant, fc.integer({ min: 1, max: 24 }), fc.array(fraction, { maxLength: 5 }), (timeZone, start, n, probes) => {
        const terms = monthly(start, timeZone);
        const periods = walk(terms, n);
        periods.forEach((p, i) => {
          expect(p.index).toBe(i);
          expect(p.startMs).toBe(i === 0 ? start : must(periods[i - 1], 'periods[i - 1]').endMs);
          expect(p.endMs).toBe(expectedBoundary(start, timeZone, i + 1).ms);
          // A month with a clock change is an hour (Lord Howe: half an hour) shorter or longer.
          expect(p.endMs - p.startMs).toBeGreaterThan(i === 0 ? 26 * DAY : 28 * DAY - 2 * 3_600_000);
          expect(p.endMs - p.startMs).toBeLessThanOrEqual(31 * DAY + 3_600_000);
          expect(membershipState(terms, p.startMs).renewal_day).toBe(expectedBoundary(start, timeZone, i + 1).day);
        });
        const end = must(periods.at(-1), 'periods.at(-1)').endMs;
        for (const f of probes) {
          const at = start + Math.floor(f * (end - start));
          expect(membershipState(terms, at).period).toEqual(periods.find((p) => p.startMs <= at && at < p.endMs));
        }
        expect(membershipState(terms, start - 1)).toMatchObject({ active: false, period: null });
      }),
      { numRuns: RUNS },
    );
  });

  it('of a cancelled monthly membership end at the end of the period holding the cancellation', () => {
    fc.assert(
      fc.property(
        zone,
        instant,
        fc.integer({ min: 0, max: 400 * DAY }),
        fc.integer({ min: -10 * DAY, max: 500 * DAY }),
        (timeZone, start, cancelAfter, probeAfter) => {
          const cancelledAt = start + cancelAfter;
          const periods = walk(monthly(start, timeZone), 16);
          const last = must(
            periods.find((p) => p.startMs <= cancelledAt && cancelledAt < p.endMs),
            'periods.find((p) => p.startMs <= cancelledAt && cancelledAt < p.endMs)',
          );
          const terms = monthly(start, timeZone, cancelledAt);
          const at = start + probeAfter;
          const state = membershipState(terms, at);
          expect(state.expiresAtMs).toBe(last.endMs);
          expect(state.active).toBe(start <= at && at < last.endMs);
          expect(state.renewal_day).toBeNull();
          if (state.active) expect(state.period).toEqual(periods[must(state.period, 'state.period').index]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('of a single payment is its whole validity', () => {
    fc.assert(
      fc.property(
        zone,
        instant,
        fc.constantFrom<ValidityMonths>(1, 3, 6, 12),
        fc.integer({ min: -10 * DAY, max: 400 * DAY }),
        (timeZone, start, months, probeAfter) => {
          const terms: MembershipTerms = { startedAt: start, interval: null, expiresInMonths: months, cancelledAt: null, timeZone };
          const end = expectedBoundary(start, timeZone, months);
          const state = membershipState(terms, start + probeAfter);
          expect(state).toMatchObject({ expiresAtMs: end.ms, expiration_day: end.day, renewal_day: null });
          const active = probeAfter >= 0 && start + probeAfter < end.ms;
          expect(state.period).toEqual(active ? { index: 0, startMs: start, endMs: end.ms } : null);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

const SERVICES = [1, 2, 3, 4, 5];
const groupsArb = fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 4 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(id),
        quantity: fc.integer({ min: 1, max: 4 }),
        serviceIds: fc.uniqueArray(fc.constantFrom(...SERVICES.slice(0, 4)), { minLength: 1, maxLength: 4 }),
      }),
    ),
  ),
);
const termsArb = fc.record({
  timeZone: zone,
  startedAt: instant,
  kind: fc.constantFrom<ValidityMonths | 'month'>('month', 1, 3, 6, 12),
});
const attemptsArb = fc.array(fc.record({ serviceId: fc.constantFrom(...SERVICES), after: fc.integer({ min: -5 * DAY, max: 120 * DAY }) }), {
  maxLength: 40,
});

function membershipOf(
  t: { timeZone: string; startedAt: number; kind: ValidityMonths | 'month' },
  groups: PlanGroup[],
  id = 'm',
): Membership {
  return {
    id,
    timeZone: t.timeZone,
    startedAt: t.startedAt,
    cancelledAt: null,
    groups,
    uses: [],
    interval: t.kind === 'month' ? 'month' : null,
    expiresInMonths: t.kind === 'month' ? null : t.kind,
  };
}

/** Books every attempt that some group can pay for, as deduct-membership would, in the given order. */
function bookAll(m: Membership, attempts: { serviceId: number; after: number }[]): Membership {
  let current = m;
  for (const { serviceId, after } of attempts) {
    const startsAt = Number(m.startedAt) + after;
    const state = membershipState(current, startsAt);
    const credits = state.period && periodCredits(current.groups, current.uses, state.period);
    const payable = credits !== null && credits.groups.some((g) => g.available > 0 && g.serviceIds.includes(serviceId));
    const usable = usableMemberships([current], serviceId, startsAt);
    // Refused exactly when no group covering the service has credit in that session's period.
    expect(usable.length).toBe(payable ? 1 : 0);
    if (usable[0]) current = { ...current, uses: [...current.uses, { groupId: usable[0].groupId, startsAt } satisfies CreditUse] };
  }
  return current;
}

describe('credits', () => {
  it("per group: used + available = quantity, never negative, and every booking counts in its session's period", () => {
    fc.assert(
      fc.property(termsArb, groupsArb, attemptsArb, (t, groups, attempts) => {
        const m = bookAll(membershipOf(t, groups), attempts);
        const seen = new Map<string, MembershipPeriod>();
        for (const u of m.uses) {
          const p = must(membershipState(m, u.startsAt).period, 'membershipState(m, u.startsAt).period');
          seen.set(`${p.index}`, p);
        }
        let counted = 0;
        for (const p of seen.values()) {
          const credits = periodCredits(m.groups, m.uses, p);
          for (const g of credits.groups) {
            expect(g.used + g.available).toBe(g.quantity);
            expect(g.available).toBeGreaterThanOrEqual(0);
          }
          expect(credits.used_count + credits.available_count).toBe(credits.quantity_count);
          counted += credits.used_count;
        }
        expect(counted).toBe(m.uses.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('My passes counts, per service, the credits of every group covering it in the memberships active now', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(termsArb, groupsArb, attemptsArb), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 100 * DAY }),
        (specs, nowAfter) => {
          const memberships = specs.map(([t, groups, attempts], i) => bookAll(membershipOf(t, groups, `m${i}`), attempts));
          const now = Number(must(memberships[0], 'memberships[0]').startedAt) + nowAfter;
          const expected = new Map<number, number>();
          for (const m of memberships) {
            const { period } = membershipState(m, now);
            if (!period) continue;
            for (const g of periodCredits(m.groups, m.uses, period).groups) {
              for (const s of g.serviceIds) expected.set(s, (expected.get(s) ?? 0) + g.available);
            }
          }
          const listed = serviceAvailability(memberships, now);
          expect(new Map(listed.map((s) => [s.serviceId, s.available_count]))).toEqual(expected);
          for (const s of listed) {
            expect(s.availability.reduce((sum, a) => sum + a.count, 0)).toBe(s.available_count);
            for (const a of s.availability) expect(a.expires_in_days).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
