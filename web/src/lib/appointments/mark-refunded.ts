import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../api-client.ts';
import { appointmentKeys } from '../query-keys.ts';

/**
 * POST /api/appointments/{id}/mark-refunded: the provider gave back by hand a refund their
 * cancelled booking owed (docs/product-rules.md#cancellation-and-refunds). The answer replaces
 * the booking wherever it is cached (its page and the lists), which are then refreshed (a 409
 * means nothing was owed any more).
 */
export function useMarkAppointmentRefunded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiData('markAppointmentRefunded', { params: { id } }),
    onSuccess: (saved) =>
      queryClient.setQueriesData<Appointment[] | Appointment>({ queryKey: appointmentKeys.all }, (data) =>
        Array.isArray(data) ? data.map((a) => (a.id === saved.id ? saved : a)) : data?.id === saved.id ? saved : data,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
