import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Policies } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { availabilityKeys } from '../../../lib/query-keys.ts';

/** GET /api/policies. */
export async function fetchPolicies(): Promise<Policies> {
  return apiData('policies');
}

export const policiesQueryOptions = queryOptions({ queryKey: availabilityKeys.policies, queryFn: fetchPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions);
}

/** POST /api/policies: answers with the saved policies. */
export async function savePolicies(policies: Policies): Promise<Policies> {
  return apiData('savePolicies', { json: policies });
}

export function useSavePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicies,
    onSuccess: (saved) => queryClient.setQueryData(availabilityKeys.policies, saved),
  });
}
