import { useQuery } from '@tanstack/react-query';
import type { PurchasedService } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { purchaseKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/purchases/services: one entry per service the client bought or can book with a
 * membership, with the sessions bookable without paying (docs/product-rules.md#memberships-and-credits).
 */
export async function fetchPurchasedServices(): Promise<PurchasedService[]> {
  return apiData('purchasedServices');
}

export function usePurchasedServices() {
  return useQuery({ queryKey: purchaseKeys.services(), queryFn: fetchPurchasedServices });
}
