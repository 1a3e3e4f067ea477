import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createdRepeaterSchema, RepeaterInput } from '@slotted/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api-client.ts';
import { scheduleKeys, serviceSlotKeys } from '../../../lib/query-keys.ts';

/** The class put on the timetable, and how many occurrences it has. */
export type CreatedRepeater = z.infer<typeof createdRepeaterSchema>;

/**
 * POST /api/repeaters (providers): a class, once or on a weekly timetable
 * (docs/product-rules.md#classes).
 */
export async function createRepeater(input: RepeaterInput): Promise<CreatedRepeater> {
  return apiData('createRepeater', { json: input });
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
