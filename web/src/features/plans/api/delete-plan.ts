import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderPlan } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/plans/{id} (204): stops new sales; clients keep what they bought. */
export async function deletePlan(id: number): Promise<void> {
  await apiRequest('deletePlan', { params: { id } });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: (_, id) => {
      queryClient.setQueryData<ProviderPlan[]>(planKeys.all, (list) => list?.filter((p) => p.id !== id));
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
