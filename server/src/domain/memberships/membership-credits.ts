/**
 * Membership credits (docs/product-rules.md#memberships-and-credits; rules in README.md): nothing
 * is stored but the facts — the bookings holding a credit and the group each drew from — so the
 * counts of any period follow from them, and a new period starts full without a job.
 */
import { localDay, membershipState, reportedPeriod, toMs } from './membership-periods.ts';
import type {
  Credits,
  CreditUse,
  GroupCredits,
  Instant,
  Membership,
  MembershipPeriod,
  MembershipSummary,
  PlanGroup,
  ServiceAvailability,
  UsableMembership,
} from './types.ts';

/**
 * The credits of one period: a booking counts against the period containing its session's
 * start, in the group it drew from. Bookings of a group not among `groups` count nowhere.
 */
export function periodCredits(groups: readonly PlanGroup[], uses: readonly CreditUse[], period: MembershipPeriod): Credits {
  const usedByGroup = new Map<number, number>();
  for (const use of uses) {
    const startsMs = toMs(use.startsAt);
    if (startsMs >= period.startMs && startsMs < period.endMs) usedByGroup.set(use.groupId, (usedByGroup.get(use.groupId) ?? 0) + 1);
  }
  return totals(
    groups.map((g) => {
      const used = usedByGroup.get(g.id) ?? 0;
      return { id: g.id, serviceIds: g.serviceIds, quantity: g.quantity, used, available: Math.max(0, g.quantity - used) };
    }),
  );
}

function totals(groups: GroupCredits[]): Credits {
  let quantity = 0;
  let used = 0;
  let available = 0;
  for (const g of groups) {
    quantity += g.quantity;
    used += g.used;
    available += g.available;
  }
  return { groups, quantity_count: quantity, used_count: used, available_count: available };
}

/**
 * The group a booking of `serviceId` draws its credit from: among the groups covering it with
 * credit left, the one covering the fewest services, so credits that could pay for more kinds
 * of session are kept for last; ties go to the plan's order. Null when none can pay.
 */
export function groupToDraw(credits: Credits, serviceId: number): number | null {
  let best: GroupCredits | null = null;
  for (const g of credits.groups) {
    if (g.available === 0 || !g.serviceIds.includes(serviceId)) continue;
    if (best === null || new Set(g.serviceIds).size < new Set(best.serviceIds).size) best = g;
  }
  return best?.id ?? null;
}

/**
 * The memberships that can pay for a session of `serviceId` starting at `sessionStart`: valid
 * then, with a group covering the service that has credit left in that period. In input order.
 */
export function usableMemberships<M extends Membership>(
  memberships: readonly M[],
  serviceId: number,
  sessionStart: Instant,
): UsableMembership<M>[] {
  const usable: UsableMembership<M>[] = [];
  for (const membership of memberships) {
    const { period, unpaid } = membershipState(membership, sessionStart);
    // Only a period the client has paid for, or will pay for while it renews (D15).
    if (period === null || unpaid) continue;
    const credits = periodCredits(membership.groups, membership.uses, period);
    const groupId = groupToDraw(credits, serviceId);
    if (groupId !== null) usable.push({ membership, groupId, period, credits });
  }
  return usable;
}

/**
 * A membership's state at `at` and the credits of the period it reports (see `reportedPeriod`);
 * nothing is available while it is not active.
 */
export function membershipSummary(membership: Membership, at: Instant): MembershipSummary {
  const state = membershipState(membership, at);
  const credits = periodCredits(membership.groups, membership.uses, state.period ?? reportedPeriod(membership, at));
  if (state.active && !state.unpaid) return { ...state, credits };
  return { ...state, credits: totals(credits.groups.map((g) => ({ ...g, available: 0 }))) };
}

/**
 * My passes → Services: for every service a membership active at `now` covers, how many sessions of
 * it could be booked without paying within the current periods, grouped by days until those credits
 * expire (the period's end, counted in provider-local calendar days). A service covered by several
 * groups adds their credits up. Services in first-seen order; one with no credit left is listed
 * with nothing available.
 */
export function serviceAvailability(memberships: readonly Membership[], now: Instant): ServiceAvailability[] {
  const nowMs = toMs(now);
  const byService = new Map<number, Map<number, number>>();
  for (const membership of memberships) {
    const { period } = membershipState(membership, nowMs);
    if (period === null) continue;
    const expiresInDays = localDay(membership.timeZone, period.endMs) - localDay(membership.timeZone, nowMs);
    const { unpaid } = membershipState(membership, nowMs);
    for (const group of periodCredits(membership.groups, membership.uses, period).groups) {
      for (const serviceId of new Set(group.serviceIds)) {
        const counts = byService.get(serviceId) ?? new Map<number, number>();
        byService.set(serviceId, counts);
        // A period whose renewal is unpaid lists its services with nothing available.
        if (!unpaid && group.available > 0) counts.set(expiresInDays, (counts.get(expiresInDays) ?? 0) + group.available);
      }
    }
  }
  return [...byService].map(([serviceId, counts]) => {
    const availability = [...counts].sort(([a], [b]) => a - b).map(([expires_in_days, count]) => ({ expires_in_days, count }));
    return { serviceId, available_count: availability.reduce((sum, a) => sum + a.count, 0), availability };
  });
}
