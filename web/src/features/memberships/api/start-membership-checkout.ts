import type { Checkout } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';

/**
 * POST /api/memberships/{id}/checkout: starts the card payment of a held purchase (a PaymentIntent,
 * or a monthly plan's subscription and its first invoice) and answers the client secret for the
 * Payment Element. The server prices it and makes one payment per purchase, however often asked.
 */
export async function startMembershipCheckout(id: string): Promise<Checkout> {
  return apiData('membershipCheckout', { params: { id } });
}

/** Caches a purchase's client secret (apart from the purchase's own keys, which are refreshed often). */
export const membershipCheckoutKey = (id: string) => ['checkout', 'membership', id] as const;
