import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/query-keys.ts';

/** POST /api/me/payments: whether clients must pay by card when they book; answers the updated user. */
export async function updatePayments(input: { require_payment: boolean }): Promise<Me> {
  return apiData('updatePayments', { json: input });
}

export function useUpdatePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayments,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
    // Refused because the account can no longer take charges: show what the server knows now.
    onError: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}
