import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderPlan } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys.ts';

/** GET /api/plans: the signed-in provider's plans with their total sales. */
export async function fetchPlans(): Promise<ProviderPlan[]> {
  return apiData('listPlans');
}

export const plansQueryOptions = queryOptions({ queryKey: planKeys.all, queryFn: fetchPlans });

export function usePlans() {
  return useQuery(plansQueryOptions);
}
