import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/services/{id} (204). */
export async function deleteService(id: number): Promise<void> {
  await apiRequest('deleteService', { params: { id } });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Service[]>(serviceKeys.list('all'), (list) => list?.filter((s) => s.id !== id));
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}
