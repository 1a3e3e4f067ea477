import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { scheduleKeys, serviceSlotKeys } from '../../../lib/query-keys.ts';

export interface CancelSlotInput {
  id: string;
  /** Also cancel every later class of the same timetable. */
  upcoming: boolean;
}

/**
 * DELETE /api/slots/{id}?upcoming=0|1 (providers): cancels a class now; its clients are refunded
 * (docs/product-rules.md#classes).
 */
export async function cancelSlot({ id, upcoming }: CancelSlotInput): Promise<void> {
  await apiRequest('cancelSlot', { params: { id }, query: { upcoming: upcoming ? '1' : '0' } });
}

export function useCancelSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSlot,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        // A cancelled class frees the provider's time on the public choose-time pages.
        queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
      ]),
  });
}
