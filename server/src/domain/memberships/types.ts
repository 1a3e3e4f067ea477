/**
 * Types of the membership rules (docs/product-rules.md#memberships-and-credits).
 *
 * Plain data in, plain data out, so the memberships service can pass database rows as they
 * are. Fields the API names (`quantity_count`, `renewal_day`, `expires_in_days`, …) keep the
 * API's names so presenters pass them through; everything else is camelCase. Every date is a
 * provider-local 'YYYY-MM-DD' (see README.md: the studio's zone is the one that counts).
 */
import type { InstantInput } from '../scheduling/types.ts';

/** Epoch milliseconds, an ISO 8601 string with `Z` or an offset, or a Date (as the database returns). */
export type Instant = InstantInput | Date;

/**
 * The single-payment validities a plan may have (docs/product-rules.md#memberships-and-credits), in
 * months.
 */
export type ValidityMonths = 1 | 3 | 6 | 12;

/** The facts that fix when a membership gives access. */
export interface MembershipTerms {
  /** When it started: the instant the purchase was confirmed. */
  readonly startedAt: Instant;
  /** 'month' for a membership that renews each month; null for a single payment. */
  readonly interval: 'month' | null;
  /** Validity of a single payment; null for a monthly membership. */
  readonly expiresInMonths: ValidityMonths | null;
  /** When the client stopped renewal (monthly memberships only). */
  readonly cancelledAt: Instant | null;
  /** IANA zone of the provider who sold it: periods turn over at the provider's midnight. */
  readonly timeZone: string;
  /**
   * A renewal went unpaid (monthly memberships only): the credits of the period containing this
   * instant and of every later one cannot be spent until it is paid. Null (or absent) when paid up.
   */
  readonly unpaidFrom?: Instant | null;
  /**
   * Stripe gave up on the renewals (monthly memberships only): access ends at the start of the
   * period containing this instant. Combined with `cancelledAt`, the earlier end wins.
   */
  readonly endsInPeriodOf?: Instant | null;
}

/** One group of a plan: `quantity` bookings of any of `serviceIds` per period. */
export interface PlanGroup {
  readonly id: number;
  readonly quantity: number;
  readonly serviceIds: readonly number[];
}

/**
 * A booking holding a credit of the membership (an appointment whose `membership_id` is this
 * membership): the group it drew from when it was confirmed, and when the session starts. Bookings
 * whose credit was given back (docs/product-rules.md#cancellation-and-refunds) are not passed;
 * their `membership_id` is cleared.
 */
export interface CreditUse {
  readonly groupId: number;
  readonly startsAt: Instant;
}

/** A client's membership with what its plan grants and what has been used. */
export interface Membership extends MembershipTerms {
  readonly id: string;
  /** The plan's groups, in the plan's order. */
  readonly groups: readonly PlanGroup[];
  readonly uses: readonly CreditUse[];
}

/** A half-open span [startMs, endMs) in which the plan's quantities are granted once. */
export interface MembershipPeriod {
  /** 0 for the period that begins at the purchase, 1 for the first renewal, … */
  readonly index: number;
  readonly startMs: number;
  readonly endMs: number;
}

/** Where a membership stands at an instant. */
export interface MembershipState {
  /** It gives access at that instant: started, and not past its expiry. */
  readonly active: boolean;
  /** The period containing the instant; null when not active. */
  readonly period: MembershipPeriod | null;
  /** Provider-local date of the next renewal: only while active, monthly and not cancelled. */
  readonly renewal_day: string | null;
  readonly renewsAtMs: number | null;
  /**
   * Provider-local date on which access ends (the first day without it): set for a single
   * payment and for a cancelled monthly membership, also once it has passed.
   */
  readonly expiration_day: string | null;
  readonly expiresAtMs: number | null;
  /** The period containing the instant is one whose renewal is unpaid: its credits cannot be spent. */
  readonly unpaid: boolean;
}

export interface GroupCredits {
  readonly id: number;
  readonly serviceIds: readonly number[];
  readonly quantity: number;
  /** Bookings of the period that drew from this group. */
  readonly used: number;
  /** max(0, quantity − used); 0 for a membership that is not active. */
  readonly available: number;
}

/** A membership's counts, per group and in total, for one period. */
export interface Credits {
  readonly groups: readonly GroupCredits[];
  readonly quantity_count: number;
  readonly used_count: number;
  readonly available_count: number;
}

/** A membership as the client panel and My passes list it: its state and the credits of its period. */
export interface MembershipSummary extends MembershipState {
  readonly credits: Credits;
}

/** A membership that can pay for a booking, and the group the credit would come from. */
export interface UsableMembership<M extends Membership = Membership> {
  readonly membership: M;
  readonly groupId: number;
  /** The period the booking counts against (the one containing the session's start). */
  readonly period: MembershipPeriod;
  /** The credits of that period before this booking. */
  readonly credits: Credits;
}

/**
 * My passes → Services: sessions of one service bookable without paying, by days until those
 * credits expire.
 */
export interface ServiceAvailability {
  readonly serviceId: number;
  readonly available_count: number;
  /** Ascending by `expires_in_days`; only non-zero counts. */
  readonly availability: readonly { readonly expires_in_days: number; readonly count: number }[];
}
