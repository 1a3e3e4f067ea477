import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planFields, ProviderPlan } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys.ts';

/** What the plan drawer sends: the fields as the contract's planFields parses them, and a new cover if one was picked. */
export type PlanPayload = z.output<typeof planFields> & { cover_upload: File | null };

/**
 * The multipart body of POST /api/plans and POST /api/plans/{id}: the lists travel as JSON text
 * beside the cover file (docs/architecture.md#api-conventions).
 */
export function planFormData(payload: PlanPayload): FormData {
  const form = new FormData();
  form.append('name', payload.name);
  form.append('description', payload.description);
  form.append('price', String(payload.price));
  form.append('interval', payload.interval);
  if (payload.expires_in) form.append('expires_in', payload.expires_in);
  form.append('benefits', JSON.stringify(payload.benefits));
  form.append('services', JSON.stringify(payload.services));
  if (payload.cover_upload) form.append('cover_upload', payload.cover_upload);
  return form;
}

/** POST /api/plans (new) or POST /api/plans/{id}: answers with the saved plan. */
export async function savePlan({ id, payload }: { id?: number; payload: PlanPayload }): Promise<ProviderPlan> {
  const form = planFormData(payload);
  return id === undefined ? apiData('createPlan', { form }) : apiData('updatePlan', { params: { id }, form });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<ProviderPlan[]>(
        planKeys.all,
        (list) => list && (id === undefined ? [...list, saved] : list.map((p) => (p.id === saved.id ? saved : p))),
      );
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
