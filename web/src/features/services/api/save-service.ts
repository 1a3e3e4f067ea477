import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/query-keys.ts';

/** The body of POST /api/services and PUT /api/services/{id}, as the contract parses it. */
export type ServicePayload = Required<Pick<ServiceInput, 'name' | 'type' | 'description' | 'location'>> & {
  price: number;
  duration: number;
  capacity: number;
};

/** POST /api/services (new) or PUT /api/services/{id}: answers with the saved service. */
export async function saveService({ id, payload }: { id?: number; payload: ServicePayload }): Promise<Service> {
  return id === undefined ? apiData('createService', { json: payload }) : apiData('updateService', { params: { id }, json: payload });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<Service[]>(
        serviceKeys.list('all'),
        (list) => list && (id === undefined ? [...list, saved] : list.map((s) => (s.id === saved.id ? saved : s))),
      );
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}
