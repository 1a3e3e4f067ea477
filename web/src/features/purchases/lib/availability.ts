import type { PurchasedService } from '@slotted/contract';

/** '1 session', '3 sessions'. */
export function sessionsLabel(count: number): string {
  return count === 1 ? '1 session' : `${count} sessions`;
}

/** '1 credit', '3 credits'. */
export function creditsLabel(count: number): string {
  return count === 1 ? '1 credit' : `${count} credits`;
}

/**
 * What a pass card says it holds (docs/product-rules.md#memberships-and-credits), so it is true:
 * a service no membership covers was booked and paid per booking ('Pay per booking', never '0
 * sessions available'); credits a group shares among services are counted as credits, shared,
 * never as sessions of this one service (issue 27 #8).
 */
export function passSummary(purchase: Pick<PurchasedService, 'available_count' | 'memberships' | 'shares_credits'>): {
  headline: string;
  note: string | null;
} {
  if (purchase.memberships.length === 0) return { headline: 'Pay per booking', note: 'No sessions prepaid' };
  const names = purchase.memberships.map((m) => m.name).join(', ');
  if (purchase.shares_credits) {
    return { headline: `${creditsLabel(purchase.available_count)} left`, note: `Shared with other services of ${names}` };
  }
  return { headline: `${sessionsLabel(purchase.available_count)} available`, note: null };
}
