import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepeaterInput } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { scheduleKeys, serviceSlotKeys } from '../../../lib/query-keys.ts';

export interface CreatedRepeater {
  id: number;
  service: { id: number; name: string };
  /** How many classes were put on the timetable. */
  occurrences: number;
}

/**
 * POST /api/repeaters (providers): a class, once or on a weekly timetable
 * (docs/product-rules.md#classes).
 */
export async function createRepeater(input: RepeaterInput): Promise<CreatedRepeater> {
  return apiData<CreatedRepeater>('/api/repeaters', { method: 'POST', json: input });
}

export function useCreateRepeater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepeater,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
      ]),
  });
}
