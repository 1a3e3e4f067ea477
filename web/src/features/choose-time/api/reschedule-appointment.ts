import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rescheduleInput } from '@slotted/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api-client.ts';
import { appointmentKeys, scheduleKeys, serviceSlotKeys } from '../../../lib/query-keys.ts';

export interface RescheduleRequest {
  id: string;
  /** `slot_id` for a class occurrence, `starts_at` (UTC) for a 1:1 start. */
  to: z.input<typeof rescheduleInput>;
}

/**
 * POST /api/appointments/{id}/reschedule (docs/product-rules.md#moving-a-booking): the booking
 * keeps its id, so its answer replaces the cached booking at once; the schedules, the client's
 * lists and every service's free times (the old one freed, the new one taken) refresh.
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: RescheduleRequest) => apiData('rescheduleAppointment', { params: { id }, json: to }),
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment),
    onSettled: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
      ]);
    },
  });
}
