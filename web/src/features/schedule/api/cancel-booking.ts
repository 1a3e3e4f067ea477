import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelAppointment } from '../../../lib/appointments/cancel-appointment.ts';
import { appointmentKeys, scheduleKeys, serviceSlotKeys } from '../../../lib/query-keys.ts';

/**
 * 'Cancel booking' in the booking details (docs/product-rules.md#cancellation-and-refunds): a
 * client cancels their own booking, a provider a 1:1 appointment of theirs, through POST
 * /api/appointments/{id}/cancel (409 if already cancelled or started).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (appointment, id) => {
      if (appointment?.id) queryClient.setQueryData(appointmentKeys.detail(id), appointment);
    },
    // Also after a failure: a 409 means the booking changed elsewhere (cancelled, started). Not
    // awaited, so the dialog hears of the outcome at once rather than after the reloads.
    onSettled: (_data, _error, id) => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(id) }),
        // A client's bookings in the client panel, and the freed time on the public choose-time pages.
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
      ]);
    },
  });
}
