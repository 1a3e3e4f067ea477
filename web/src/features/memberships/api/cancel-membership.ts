import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys, purchaseKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/memberships/{id}/cancel: stops renewal; the benefits last until the renewal day
 * (docs/product-rules.md#memberships-and-credits). 409 when it is not active and renewing.
 */
export async function cancelMembership(id: string): Promise<Membership> {
  return apiData('cancelMembership', { params: { id } });
}

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMembership,
    onSuccess: (membership, id) => {
      // The card changes at once; the lists are then read again from the server.
      queryClient.setQueryData<Membership[]>(membershipKeys.mine(), (list) =>
        list?.map((entry) => (entry.id === id ? { ...entry, ...membership, services: membership.services ?? entry.services } : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: membershipKeys.all });
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    },
  });
}
