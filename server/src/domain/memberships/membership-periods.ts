/**
 * When a membership gives access and how its time splits into periods
 * (docs/product-rules.md#memberships-and-credits; rules in README.md). Pure: the instant to judge
 * is always an argument.
 *
 * Periods turn over at the start of a provider-local day: the day of the month the membership
 * started on, or the month's last day when it is shorter (31 Jan → 28/29 Feb → 31 Mar). Each
 * boundary is computed from the starting date plus k months, never from the previous boundary,
 * so one short month does not pull every later renewal forward.
 */
import { Temporal } from 'temporal-polyfill';
import { DAY_MS, civilFromDays, daysFromCivil, formatDate, parseInstant } from '../scheduling/civil-time.ts';
import { firstInstantAtOrAfterWall, instantToWall, zoneTimeline } from '../scheduling/zoned-time.ts';
import type { Instant, MembershipPeriod, MembershipState, MembershipTerms } from './types.ts';

const VALIDITIES: ReadonlySet<number> = new Set([1, 3, 6, 12]);

/** Epoch milliseconds of an instant; RangeError for anything unreadable. */
export function toMs(value: Instant): number {
  return parseInstant(value instanceof Date ? value.getTime() : value);
}

/** Provider-local day number (days since 1970-01-01) of an instant. */
export function localDay(timeZone: string, ms: number): number {
  return Math.floor(instantToWall(zoneTimeline(timeZone, ms - DAY_MS, ms + DAY_MS), ms) / DAY_MS);
}

/**
 * The first instant of a local day: its midnight, or the moment the clock jumps over a skipped
 * midnight (docs/product-rules.md#time-and-time-zones).
 */
function startOfLocalDay(timeZone: string, day: number): number {
  const wall = day * DAY_MS;
  return firstInstantAtOrAfterWall(zoneTimeline(timeZone, wall - 2 * DAY_MS, wall + 2 * DAY_MS), wall);
}

/** A membership's boundaries: boundary(0) is the purchase, boundary(k) the start of the day k months later. */
interface Calendar {
  readonly terms: MembershipTerms;
  readonly startMs: number;
  /** Local day number on which boundary k falls. */
  day(k: number): number;
  boundary(k: number): number;
  /** Index of the monthly period containing `ms` (at or after the start). */
  indexAt(ms: number): number;
  /** The boundary index at which access ends; null while a monthly membership renews. */
  readonly endIndex: number | null;
  /** The first period whose renewal is unpaid; null when paid up. */
  readonly unpaidIndex: number | null;
}

function calendar(terms: MembershipTerms): Calendar {
  if (terms.interval === 'month' ? terms.expiresInMonths !== null : !VALIDITIES.has(terms.expiresInMonths ?? 0)) {
    throw new RangeError(
      `A plan is monthly without a validity or a single payment valid 1, 3, 6 or 12 months (got ${terms.interval}, ${terms.expiresInMonths})`,
    );
  }
  const startMs = toMs(terms.startedAt);
  const { timeZone } = terms;
  const startDay = localDay(timeZone, startMs);
  const anchor = Temporal.PlainDate.from(civilFromDays(startDay));
  const day = (k: number) => {
    // Temporal's default overflow 'constrain' clamps to the month's last day.
    const d = anchor.add({ months: k });
    return daysFromCivil(d.year, d.month, d.day);
  };
  const boundary = (k: number) => (k === 0 ? startMs : startOfLocalDay(timeZone, day(k)));
  const indexAt = (ms: number) => {
    const at = civilFromDays(localDay(timeZone, ms));
    // The month count is right or one too high; the loops also settle the rare day a clock
    // change around midnight makes the local date disagree with the boundaries.
    let k = Math.max(0, (at.year - anchor.year) * 12 + at.month - anchor.month);
    while (k > 0 && boundary(k) > ms) k--;
    while (boundary(k + 1) <= ms) k++;
    return k;
  };
  let endIndex: number | null = null;
  let unpaidIndex: number | null = null;
  if (terms.interval === null) endIndex = terms.expiresInMonths;
  else {
    // Cancelling ends access at the next renewal; Stripe giving up at the start of the period
    // nobody paid for. The earlier end wins.
    if (terms.cancelledAt != null) endIndex = indexAt(Math.max(toMs(terms.cancelledAt), startMs)) + 1;
    if (terms.endsInPeriodOf != null) {
      const given = indexAt(Math.max(toMs(terms.endsInPeriodOf), startMs));
      endIndex = endIndex === null ? given : Math.min(endIndex, given);
    }
    if (terms.unpaidFrom != null) unpaidIndex = indexAt(Math.max(toMs(terms.unpaidFrom), startMs));
  }
  return { terms, startMs, day, boundary, indexAt, endIndex, unpaidIndex };
}

function period(cal: Calendar, index: number): MembershipPeriod {
  // A single payment has one period: its whole validity.
  if (cal.terms.interval === null) {
    if (cal.endIndex === null) throw new Error('A single payment is valid for a number of months');
    return { index: 0, startMs: cal.startMs, endMs: cal.boundary(cal.endIndex) };
  }
  return { index, startMs: cal.boundary(index), endMs: cal.boundary(index + 1) };
}

/**
 * Where a membership stands at `at`: whether it gives access, the period containing `at`, the
 * next renewal (while it renews) and the end of access (when there is one).
 */
export function membershipState(terms: MembershipTerms, at: Instant): MembershipState {
  const cal = calendar(terms);
  const atMs = toMs(at);
  const expiresAtMs = cal.endIndex === null ? null : cal.boundary(cal.endIndex);
  const active = atMs >= cal.startMs && (expiresAtMs === null || atMs < expiresAtMs);
  const current = active ? period(cal, cal.terms.interval === null ? 0 : cal.indexAt(atMs)) : null;
  const renews = current !== null && cal.endIndex === null;
  return {
    active,
    period: current,
    renewal_day: renews ? formatDate(cal.day(current.index + 1)) : null,
    renewsAtMs: renews ? current.endMs : null,
    expiration_day: cal.endIndex === null ? null : formatDate(cal.day(cal.endIndex)),
    expiresAtMs,
    unpaid: current !== null && cal.unpaidIndex !== null && current.index >= cal.unpaidIndex,
  };
}

/**
 * The period a summary reports at `at`: the one containing it, or once access has ended the
 * last one, or before the start the first one.
 */
export function reportedPeriod(terms: MembershipTerms, at: Instant): MembershipPeriod {
  const cal = calendar(terms);
  const atMs = toMs(at);
  if (atMs < cal.startMs || terms.interval === null) return period(cal, 0);
  const index = cal.indexAt(atMs);
  return period(cal, cal.endIndex === null ? index : Math.max(0, Math.min(index, cal.endIndex - 1)));
}

/**
 * Only an active membership that renews can be cancelled
 * (docs/product-rules.md#memberships-and-credits).
 */
export function cancellable(terms: MembershipTerms, at: Instant): boolean {
  return membershipState(terms, at).renewal_day !== null;
}
