import { useQuery } from '@tanstack/react-query';
import { purchasedServiceSchema, type PurchasedService } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { purchaseKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/purchases/services: one entry per service the client bought or can book with a
 * membership, with the sessions bookable without paying (docs/product-rules.md#memberships-and-credits).
 */
export async function fetchPurchasedServices(): Promise<PurchasedService[]> {
  const list = await apiData<unknown[] | null>('/api/purchases/services');
  return (Array.isArray(list) ? list : []).map((entry) => {
    const parsed = purchasedServiceSchema.safeParse(entry);
    if (parsed.success) return parsed.data;
    console.error('GET /api/purchases/services does not match the contract', parsed.error.issues);
    return entry as PurchasedService;
  });
}

export function usePurchasedServices() {
  return useQuery({ queryKey: purchaseKeys.services(), queryFn: fetchPurchasedServices });
}
