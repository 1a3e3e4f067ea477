import type { Membership, MembershipOption } from '@slotted/contract';
import { formatMediumDate } from './format.ts';

/**
 * How a membership's terms and credits read wherever one is shown (checkout, My passes, paying a
 * booking with it): docs/product-rules.md#memberships-and-credits.
 */

/** '/month' for a membership that renews; 'Valid for 3 months' for a single payment (null when unknown). */
export function membershipTerm(membership: Pick<Membership, 'interval'> & { expires_in?: number | null }): string | null {
  if (membership.interval === 'month') return '/month';
  const months = membership.expires_in;
  if (!months) return null;
  return months === 1 ? 'Valid for 1 month' : `Valid for ${months} months`;
}

/** 'Renews on Dec 15, 2026' while renewing, else 'Expires on …' (or 'Expired on …' once past); null without either day. */
export function membershipDayLine(
  membership: Pick<MembershipOption, 'renewal_day' | 'expiration_day'> & { status?: Membership['status'] },
): string | null {
  if (membership.renewal_day) return `Renews on ${formatMediumDate(membership.renewal_day)}`;
  if (!membership.expiration_day) return null;
  return `${membership.status === 'expired' ? 'Expired' : 'Expires'} on ${formatMediumDate(membership.expiration_day)}`;
}

/** 'used / quantity', e.g. '2 / 8 used'. */
export function membershipUsage(membership: Pick<MembershipOption, 'used_count' | 'quantity_count'>): string {
  return `${membership.used_count} / ${membership.quantity_count} used`;
}

/** How much of the period's credits are used, 0–100, for a progress bar. */
export function usagePercent(membership: Pick<MembershipOption, 'used_count' | 'quantity_count'>): number {
  if (membership.quantity_count <= 0) return 0;
  return Math.min(100, Math.round((membership.used_count / membership.quantity_count) * 100));
}
